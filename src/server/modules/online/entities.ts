import { onlineReport } from '@shared/entities/online/report';
import { onlineReportColumns, onlineReports } from '../../db/schema';
import type { EntityRegistration } from '../entities';
import { reportHooks } from './report.hooks';

/** 在线开发's declarations: the online reports and their columns. */
export const ONLINE_ENTITIES: readonly EntityRegistration[] = [[onlineReport, onlineReports, reportHooks, { columns: onlineReportColumns }]];
