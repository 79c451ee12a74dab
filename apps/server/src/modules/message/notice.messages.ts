import { defineMessages } from '../../http/i18n.ts';

/** Texts of notice administration (its refusals and its validation rules). */
defineMessages({
  zh: {
    'notice.notFound': '公告不存在或已删除',
    'notice.released': '公告已发布，不能修改；请先撤回',
    'notice.notReleased': '公告尚未发布',
    'notice.notPublisher': '只有发布人或管理员可以操作此公告',
    'rules.noticeTargets': '请选择接收范围：全部人员，或至少一个组织、角色或用户',
    'rules.noticeFileUrl': '附件须为本系统上传的文件',
  },
  zhtw: {
    'notice.notFound': '公告不存在或已刪除',
    'notice.released': '公告已發布，不能修改；請先撤回',
    'notice.notReleased': '公告尚未發布',
    'notice.notPublisher': '只有發布人或管理員可以操作此公告',
    'rules.noticeTargets': '請選擇接收範圍：全部人員，或至少一個組織、角色或用戶',
    'rules.noticeFileUrl': '附件須為本系統上傳的文件',
  },
  en: {
    'notice.notFound': 'The notice does not exist or was deleted',
    'notice.released': 'The notice has been released and cannot be changed; withdraw it first',
    'notice.notReleased': 'The notice has not been released',
    'notice.notPublisher': 'Only the publisher or an administrator may do this to the notice',
    'rules.noticeTargets': 'Choose the recipients: everyone, or at least one organization, role or user',
    'rules.noticeFileUrl': 'An attachment must be a file uploaded to this system',
  },
});
