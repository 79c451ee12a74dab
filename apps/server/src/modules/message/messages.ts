import { defineMessages } from '../../http/i18n.ts';

/** The socket's texts; a session's end reuses the 600/601 texts (session.*) where one fits. */
defineMessages({
  zh: {
    'socket.disabled': '您的账号已被停用，请联系管理员',
    'socket.passwordChanged': '您的密码已修改，请重新登录',
    'socket.badJson': '消息不是有效的 JSON',
    'socket.badFrame': '消息格式错误：须为带 method 的 JSON 对象',
    'socket.tooLarge': '消息过大（上限 {limit} KB）',
    'socket.binary': '不支持二进制消息',
    'socket.unknownMethod': '不支持的方法 {method}',
    'socket.notConnected': '请先发送 OnConnection',
    'socket.tooMany': '消息过于频繁，请稍后再试',
    'socket.upgradeRequired': '此地址只接受 WebSocket 连接',
  },
  zhtw: {
    'socket.disabled': '您的帳號已被停用，請聯繫管理員',
    'socket.passwordChanged': '您的密碼已修改，請重新登錄',
    'socket.badJson': '消息不是有效的 JSON',
    'socket.badFrame': '消息格式錯誤：須為帶 method 的 JSON 對象',
    'socket.tooLarge': '消息過大（上限 {limit} KB）',
    'socket.binary': '不支持二進制消息',
    'socket.unknownMethod': '不支持的方法 {method}',
    'socket.notConnected': '請先發送 OnConnection',
    'socket.tooMany': '消息過於頻繁，請稍後再試',
    'socket.upgradeRequired': '此地址只接受 WebSocket 連接',
  },
  en: {
    'socket.disabled': 'Your account has been disabled; contact an administrator',
    'socket.passwordChanged': 'Your password was changed; please log in again',
    'socket.badJson': 'The frame is not valid JSON',
    'socket.badFrame': 'Malformed frame: expected a JSON object with a method',
    'socket.tooLarge': 'Frame too large (limit {limit} KB)',
    'socket.binary': 'Binary frames are not supported',
    'socket.unknownMethod': 'Unsupported method {method}',
    'socket.notConnected': 'Send OnConnection first',
    'socket.tooMany': 'Too many frames; slow down',
    'socket.upgradeRequired': 'This address accepts WebSocket connections only',
  },
});
