import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { announcementEditSchema, announcementSchema } from '@shared/schemas/announcement';
import { announcementsApi, type AnnouncementDraft } from '@web/api/announcements';
import { systemApi } from '@web/api/system';
import { useT } from '@web/i18n';
import { useDicts } from '@web/stores/dicts';
import { FormDialog } from './FormDialog';
import { CheckboxGroup, SelectField, TextField } from './fields';
import { RichTextField } from './RichTextField';
import { treeOptions } from './treeOptions';
import { useFormErrors } from './useFormErrors';

type Option = { value: string; text: string };

const EMPTY: AnnouncementDraft = {
  titile: '',
  msgCategory: '1',
  priority: 'L',
  msgType: 'ALL',
  userIds: '',
  msgAbstract: '',
  msgContent: '',
  startTime: '',
  endTime: '',
  openType: '',
  openPage: '',
  busId: '',
};

/** The users, departments or roles an announcement may name, by msgType. */
function useRecipientOptions(msgType: string): { options: Option[]; tree: boolean } {
  const [options, setOptions] = useState<Record<string, Option[]>>({});
  useEffect(() => {
    if (msgType === 'ALL' || options[msgType]) return;
    const load: Promise<Option[]> =
      msgType === 'USER'
        ? systemApi.users({ pageNo: 1, pageSize: 200, column: 'realname', order: 'asc' }).then((page) => page.records.map((user) => ({ value: user.id, text: `${user.realname}（${user.username}）` })))
        : msgType === 'DEPART'
          ? systemApi.departTree().then((tree) =>
              treeOptions(
                tree,
                (d) => d.id,
                (d) => d.departName,
              ),
            )
          : systemApi.allRoles().then((roles) => roles.map((role) => ({ value: role.id, text: role.roleName })));
    void load.then(
      (loaded) => setOptions((current) => ({ ...current, [msgType]: loaded })),
      () => undefined,
    );
  }, [msgType, options]);
  return { options: options[msgType] ?? [], tree: msgType === 'DEPART' };
}

/**
 * 新增通告 / 编辑通告: title, category, priority, recipients (everyone, or chosen users,
 * departments or roles), the time it is shown for, where it leads, and its body in a rich-text
 * editor. Saved as a draft; 发布 sends it.
 */
export default function AnnouncementFormDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const editing = Boolean(id);
  const [values, setValues] = useState<AnnouncementDraft | null>(editing ? null : EMPTY);
  const { errors, check } = useFormErrors(editing ? announcementEditSchema : announcementSchema);
  const dicts = useDicts((state) => state.items);
  const recipients = useRecipientOptions(values?.msgType ?? 'ALL');

  useEffect(() => {
    if (!id) return;
    void announcementsApi.one(id).then((record) => {
      const text = (value: unknown) => (value == null ? '' : String(value));
      setValues({
        id,
        titile: record.titile,
        msgCategory: text(record.msgCategory),
        priority: text(record.priority),
        msgType: text(record.msgType),
        userIds: text(record.userIds),
        msgAbstract: text(record.msgAbstract),
        msgContent: text(record.msgContent),
        startTime: text(record.startTime),
        endTime: text(record.endTime),
        openType: text(record.openType),
        openPage: text(record.openPage),
        busId: text(record.busId),
      });
    });
  }, [id]);

  if (!values) return null;
  const set = (key: keyof AnnouncementDraft) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: event.target.value });
  const pick = (key: keyof AnnouncementDraft) => (value: string) => setValues({ ...values, [key]: value });
  const dictOptions = (code: string): Option[] => (dicts[code] ?? []).map((item) => ({ value: item.value, text: item.text }));
  const chosen = values.userIds.split(',').filter(Boolean);

  const submit = async () => {
    const body = { ...values, userIds: values.msgType === 'ALL' ? '' : values.userIds };
    if (!check(body)) return false;
    try {
      if (editing) await announcementsApi.edit(body);
      else await announcementsApi.add(body);
    } catch {
      return false;
    }
    toast.success(t(editing ? 'common.edited' : 'common.added'));
    return true;
  };

  return (
    <FormDialog title={t(editing ? 'announcements.editTitle' : 'announcements.addTitle')} width={900} testId="announcement-form" onSubmit={submit}>
      <TextField label={t('notices.title')} required autoFocus value={values.titile} onChange={set('titile')} error={errors.titile} maxLength={100} />
      <SelectField
        label={t('notices.category')}
        value={values.msgCategory}
        onChange={pick('msgCategory')}
        options={dictOptions('msg_category')}
        error={errors.msgCategory}
        testId="field-msgCategory"
      />
      <SelectField label={t('notices.priority')} value={values.priority} onChange={pick('priority')} options={dictOptions('priority')} error={errors.priority} testId="field-priority" />
      <SelectField
        label={t('announcements.recipients')}
        value={values.msgType}
        onChange={(msgType) => setValues({ ...values, msgType, userIds: '' })}
        options={dictOptions('msg_type')}
        error={errors.msgType}
        testId="field-msgType"
      />
      {values.msgType === 'ALL' ? null : (
        <>
          <CheckboxGroup
            label={dictOptions('msg_type').find((option) => option.value === values.msgType)?.text ?? ''}
            tree={recipients.tree}
            testId="field-userIds"
            options={recipients.options}
            value={chosen}
            onChange={(next) => setValues({ ...values, userIds: next.join(',') })}
          />
          {errors.userIds ? (
            <p className="-mt-1 pl-[132px] text-[13px] text-danger" role="alert">
              {errors.userIds}
            </p>
          ) : null}
        </>
      )}
      <TextField label={t('announcements.startTime')} value={values.startTime} onChange={set('startTime')} error={errors.startTime} placeholder="YYYY-MM-DD HH:mm:ss" />
      <TextField label={t('announcements.endTime')} value={values.endTime} onChange={set('endTime')} error={errors.endTime} placeholder="YYYY-MM-DD HH:mm:ss" />
      <TextField label={t('announcements.abstract')} value={values.msgAbstract} onChange={set('msgAbstract')} error={errors.msgAbstract} maxLength={200} />
      <SelectField
        label={t('announcements.openType')}
        value={values.openType}
        onChange={pick('openType')}
        options={[
          { value: '', text: t('announcements.openTypeNone') },
          { value: 'url', text: t('announcements.openTypeUrl') },
          { value: 'component', text: t('announcements.openTypeComponent') },
        ]}
        testId="field-openType"
      />
      {values.openType ? (
        <>
          <TextField label={t('announcements.openPage')} required value={values.openPage} onChange={set('openPage')} error={errors.openPage} placeholder="/members/people" />
          {values.openType === 'component' ? <TextField label={t('announcements.busId')} value={values.busId} onChange={set('busId')} error={errors.busId} /> : null}
        </>
      ) : null}
      <RichTextField label={t('announcements.content')} value={values.msgContent} onChange={pick('msgContent')} error={errors.msgContent} testId="announcement-content" />
    </FormDialog>
  );
}
