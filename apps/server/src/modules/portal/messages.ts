import { defineMessages } from '../../http/i18n.ts';

/** Server texts of the portal module, in zh, zhtw and en. */
defineMessages({
  zh: {
    'portal.outOfGrid': '组件超出了栅格宽度',
    'portal.refreshMin': '刷新间隔为 0（不刷新）或不少于 10 秒',
    'portal.tooManyWidgets': '一个门户最多 40 个组件',
    'portal.duplicateWidget': '组件编号重复',
    'portal.layoutMismatch': '布局与组件不一致',
    'portal.badUrl': '链接须以 http://、https:// 或 / 开头',
    'portal.notFound': '门户不存在',
    'portal.noAccess': '您没有此门户的权限',
    'portal.widgetNotFound': '门户中没有这个组件',
    'portal.noDataSource': '这个组件不读取数据接口',
    'portal.unknownRole': '角色 {id} 不存在',
  },
  zhtw: {
    'portal.outOfGrid': '組件超出了柵格寬度',
    'portal.refreshMin': '刷新間隔為 0（不刷新）或不少於 10 秒',
    'portal.tooManyWidgets': '一個門戶最多 40 個組件',
    'portal.duplicateWidget': '組件編號重複',
    'portal.layoutMismatch': '佈局與組件不一致',
    'portal.badUrl': '連結須以 http://、https:// 或 / 開頭',
    'portal.notFound': '門戶不存在',
    'portal.noAccess': '您沒有此門戶的權限',
    'portal.widgetNotFound': '門戶中沒有這個組件',
    'portal.noDataSource': '這個組件不讀取資料介面',
    'portal.unknownRole': '角色 {id} 不存在',
  },
  en: {
    'portal.outOfGrid': 'the widget goes past the grid width',
    'portal.refreshMin': 'the refresh interval is 0 (never) or at least 10 seconds',
    'portal.tooManyWidgets': 'a portal holds at most 40 widgets',
    'portal.duplicateWidget': 'the widget id is used twice',
    'portal.layoutMismatch': 'the layout does not match the widgets',
    'portal.badUrl': 'a link starts with http://, https:// or /',
    'portal.notFound': 'The portal does not exist',
    'portal.noAccess': 'You have no access to this portal',
    'portal.widgetNotFound': 'The portal has no such widget',
    'portal.noDataSource': 'This widget reads no data interface',
    'portal.unknownRole': 'Role {id} does not exist',
  },
});
