import { MessageType, NoticeState, type NoticeTargets } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { now } from '../../lib/clock.ts';
import { releaseInTransaction } from '../../modules/message/notice.service.ts';
import { stableId } from './menus.ts';
import { seedRoles, seedUsers } from './people.ts';

/**
 * Released demo notices, so the message drawer has notices on a fresh start
 * (all fictitious). Idempotent: fixed ids; a notice already there is left as
 * it is. Each is released through the same code as the Release action (one
 * receive row per recipient), without a push: nobody is connected yet.
 */

export const noticeId = (key: string) => stableId('58', `notice:${key}`);

const VILLAGE_CLINICS = ['100000000000000033', '100000000000000034', '100000000000000043', '100000000000000052', '100000000000000053'];
const role = (code: string) => seedRoles.find((r) => r.enCode === code)!.id;
const everyone: NoticeTargets = { all: true, organizeIds: [], roleIds: [], userIds: [] };
const DAY = 86_400_000;

const seedNotices: { key: string; title: string; html: string; targets: NoticeTargets; daysAgo: number }[] = [
  {
    key: 'familyDoctor2026',
    title: '关于做好2026年度家庭医生签约服务工作的通知',
    html:
      '<h2>各成员单位：</h2><p>为进一步做实家庭医生签约服务，现将2026年度工作安排通知如下：</p>' +
      '<ol><li>重点人群签约率不低于 <strong>75%</strong>；</li><li>每季度完成一次履约情况自查；</li>' +
      '<li>签约居民随访记录须在服务后 <u>3 个工作日</u>内录入系统。</li></ol>' +
      '<p>请各单位于本月底前报送签约团队名单。</p><p style="text-align: right;">青山县医疗健康集团（示例数据）</p>',
    targets: everyone,
    daysAgo: 6,
  },
  {
    key: 'villageAssessment',
    title: '村卫生室基本公共卫生服务季度考核安排',
    html:
      '<p>各村卫生室：</p><p>本季度基本公共卫生服务考核定于下月第二周进行，考核内容包括：</p>' +
      '<ul><li>高血压、糖尿病患者规范管理率；</li><li>65 岁及以上老年人健康体检完成情况；</li><li>健康档案动态使用率。</li></ul>' +
      '<p>请提前整理纸质与电子资料。如有疑问，请联系所属乡镇卫生院公共卫生科。</p>',
    targets: { all: false, organizeIds: VILLAGE_CLINICS, roleIds: [], userIds: [] },
    daysAgo: 3,
  },
  {
    key: 'systemUpgrade',
    title: '信息系统升级维护公告',
    html:
      '<p>为提升系统运行效率，平台计划于本周六 <strong>22:00 至 24:00</strong> 进行升级维护，期间暂停登录。</p>' +
      '<p>请各单位提前保存正在编辑的表单，避免数据丢失。给您带来的不便，敬请谅解。</p>',
    targets: everyone,
    daysAgo: 1,
  },
  {
    key: 'expertSchedule',
    title: '县级专家下乡坐诊排班（示例）',
    html:
      '<p>下月县级专家下乡坐诊安排如下，请各乡镇卫生院和村卫生室做好患者预约：</p>' +
      '<table><thead><tr><th>日期</th><th>地点</th><th>科室</th></tr></thead><tbody>' +
      '<tr><td>第一周周三</td><td>城关镇卫生院</td><td>内科</td></tr>' +
      '<tr><td>第二周周三</td><td>石桥镇卫生院</td><td>儿科</td></tr>' +
      '<tr><td>第三周周三</td><td>河口乡卫生院</td><td>中医内科</td></tr></tbody></table>',
    targets: { all: false, organizeIds: [], roleIds: [role('townshipDoctor'), role('villageDoctor')], userIds: [] },
    daysAgo: 0,
  },
];

export async function seedNoticeData(ctx: AppContext): Promise<void> {
  const admin = seedUsers.find((u) => u.isAdministrator)!;
  const actor = { userId: admin.id, isAdministrator: true };
  const today = now();
  for (const n of seedNotices) {
    const id = noticeId(n.key);
    const at = today - n.daysAgo * DAY - 3_600_000;
    await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('messages')
        .values({
          id,
          type: MessageType.notice,
          title: n.title,
          bodyText: n.html,
          kind: '',
          priority: 0,
          enabledMark: NoticeState.draft,
          senderId: admin.id,
          createdAt: at - 600_000,
          createdBy: admin.id,
          updatedAt: null,
          updatedBy: null,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) return;
      await trx
        .insertInto('noticeDetails')
        .values({ messageId: id, files: '[]', targets: JSON.stringify(n.targets), releasedAt: null, releasedBy: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await releaseInTransaction(trx, id, actor, at);
    });
  }
}
