import { defineMessages } from '../../http/i18n.ts';

/** Server texts of the dictionary pages (menu type 4) and the checks they share with the Dictionaries screen. */
defineMessages({
  zh: {
    'dictionary.menuNotFound': '菜单不存在或已停用',
    'dictionary.notDictionaryMenu': '该菜单不是字典页面',
    'dictionary.otherType': '只能编辑本菜单的字典',
    'dictionary.fullNameExists': '名称 {fullName} 已存在',
    'dictionary.sortDuplicate': '排序列表中有重复的数据',
    'dictionary.sortForeign': '排序列表中有不属于本字典的数据',
  },
  zhtw: {
    'dictionary.menuNotFound': '菜單不存在或已停用',
    'dictionary.notDictionaryMenu': '該菜單不是字典頁面',
    'dictionary.otherType': '只能編輯本菜單的字典',
    'dictionary.fullNameExists': '名稱 {fullName} 已存在',
    'dictionary.sortDuplicate': '排序列表中有重複的數據',
    'dictionary.sortForeign': '排序列表中有不屬於本字典的數據',
  },
  en: {
    'dictionary.menuNotFound': 'The menu does not exist or is disabled',
    'dictionary.notDictionaryMenu': 'This menu is not a dictionary page',
    'dictionary.otherType': "Only this menu's dictionary can be edited here",
    'dictionary.fullNameExists': 'The name {fullName} already exists',
    'dictionary.sortDuplicate': 'The sort list names an item twice',
    'dictionary.sortForeign': "The sort list names items that are not in this menu's dictionary",
  },
});
