import { onlineForm } from '@shared/entities/online/form';
import { onlineReport } from '@shared/entities/online/report';
import { onlineFormFields, onlineForms, onlineReportColumns, onlineReports } from '../../db/schema';
import { formActions } from './form.actions';
import { formHooks } from './form.hooks';
import type { EntityRegistration } from '../entities';
import { reportActions } from './report.actions';
import { reportHooks } from './report.hooks';

/** 在线开发's declarations: the online reports and forms, with their columns and fields. */
export const ONLINE_ENTITIES: readonly EntityRegistration[] = [
  [onlineReport, onlineReports, (context) => ({ ...reportHooks(context), actions: reportActions }), { columns: onlineReportColumns }],
  [onlineForm, onlineForms, (context) => ({ ...formHooks(context), actions: formActions }), { fields: onlineFormFields }],
];
