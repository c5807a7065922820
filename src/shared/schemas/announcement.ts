/**
 * The body of 系统通告's add and edit (JeecgBoot's field names, `titile` included), parsed by the
 * server and checked by the form alike.
 */
import { z } from 'zod';
import { idList, keptText } from './system';

const MESSAGE_TYPES = ['ALL', 'USER', 'DEPART', 'ROLE'] as const;
export type AnnouncementAudience = (typeof MESSAGE_TYPES)[number];

/** A time as the console sends it (`YYYY-MM-DD HH:mm:ss`), or nothing. */
const when = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '时间格式应为 YYYY-MM-DD HH:mm:ss')
  .nullable()
  .optional()
  .or(z.literal('').transform(() => null));

export const announcementSchema = z
  .object({
    titile: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(100, '标题不能超过100个字符'),
    msgContent: z.string().max(20000, '内容不能超过20000个字符').default(''),
    msgAbstract: keptText(200, '摘要'),
    msgCategory: z.enum(['1', '2'], { error: '消息类型只能是1（通知公告）或2（系统消息）' }).default('1'),
    priority: z.enum(['L', 'M', 'H'], { error: '优先级只能是L、M或H' }).default('L'),
    msgType: z.enum(MESSAGE_TYPES, { error: '通告对象只能是ALL、USER、DEPART或ROLE' }).default('ALL'),
    /** Users, departments or roles by id, per msgType (JeecgBoot sends `a,b,`). */
    userIds: idList,
    startTime: when,
    endTime: when,
    openType: z
      .enum(['url', 'component'], { error: '打开方式只能是url或component' })
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    openPage: keptText(200, '打开页面'),
    busId: keptText(64, '业务ID'),
  })
  .superRefine((body, ctx) => {
    if (body.msgType !== 'ALL' && body.userIds.length === 0) ctx.addIssue({ code: 'custom', message: '请选择接收对象', path: ['userIds'] });
    if (body.startTime && body.endTime && body.endTime < body.startTime) ctx.addIssue({ code: 'custom', message: '结束时间不能早于开始时间', path: ['endTime'] });
    if (body.openType && !body.openPage) ctx.addIssue({ code: 'custom', message: '请输入打开页面', path: ['openPage'] });
  });
export type AnnouncementBody = z.infer<typeof announcementSchema>;

export const announcementEditSchema = z.intersection(z.object({ id: z.string({ error: '缺少通告ID' }).min(1, '缺少通告ID').max(64, '缺少通告ID') }), announcementSchema);
