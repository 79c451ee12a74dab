import { defineMessages } from '../../http/i18n.ts';

/** Texts of records held by a workflow (record-flows.ts), in zh, zhtw and en; one key per refused state. */
defineMessages({
  zh: {
    'records.inFlow.edit.1': '该数据正在审批中，不能修改',
    'records.inFlow.edit.2': '该数据已审批通过，不能修改',
    'records.inFlow.edit.5': '该数据的流程已终止，不能修改',
    'records.inFlow.delete.1': '有数据正在审批中，不能删除',
    'records.inFlow.delete.2': '有数据已审批通过，不能删除',
    'records.inFlow.delete.5': '有数据的流程已终止，不能删除',
  },
  zhtw: {
    'records.inFlow.edit.1': '該資料正在審批中，不能修改',
    'records.inFlow.edit.2': '該資料已審批通過，不能修改',
    'records.inFlow.edit.5': '該資料的流程已終止，不能修改',
    'records.inFlow.delete.1': '有資料正在審批中，不能刪除',
    'records.inFlow.delete.2': '有資料已審批通過，不能刪除',
    'records.inFlow.delete.5': '有資料的流程已終止，不能刪除',
  },
  en: {
    'records.inFlow.edit.1': 'This record is waiting for approval and cannot be edited',
    'records.inFlow.edit.2': 'This record has been approved and cannot be edited',
    'records.inFlow.edit.5': 'The flow of this record was terminated; it cannot be edited',
    'records.inFlow.delete.1': 'A record is waiting for approval and cannot be deleted',
    'records.inFlow.delete.2': 'A record has been approved and cannot be deleted',
    'records.inFlow.delete.5': 'A record whose flow was terminated cannot be deleted',
  },
});
