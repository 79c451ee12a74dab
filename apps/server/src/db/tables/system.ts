/**
 * Tables of the system module (migration 0003_system): dictionaries, areas,
 * bill-number rules, data interfaces and their call log, print templates,
 * system logs, and the seeded business data the §7.7 calls answer from.
 */
interface Audit {
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface DictionaryTypeTable extends Audit {
  id: string;
  /** '0' at the top. */
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  description: string | null;
}

export interface DictionaryDataTable extends Audit {
  id: string;
  dictionaryTypeId: string;
  /** '0' at the top (tree types only have deeper rows). */
  parentId: string;
  fullName: string;
  enCode: string;
  simpleSpelling: string | null;
  isDefault: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface AreaTable extends Audit {
  id: string;
  /** '-1' at the top (provinces). */
  parentId: string;
  enCode: string;
  fullName: string;
  simpleSpelling: string | null;
  /** 1 province, 2 city, 3 district/county, 4 township, 5 village. */
  type: number | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface BillRuleTable extends Audit {
  id: string;
  categoryId: string | null;
  fullName: string;
  enCode: string;
  prefix: string;
  dateFormat: string;
  digit: number;
  startNumber: number;
  suffix: string;
  /** Numbers issued within the period `dateKey`. */
  thisNumber: number;
  /** The formatted date of the period the counter belongs to ('' for format 'no'). */
  dateKey: string;
  outputNumber: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface BillNumberPreviewTable {
  userId: string;
  ruleId: string;
  number: string;
  expiresAt: number;
}

export interface DataInterfaceTable extends Audit {
  id: string;
  categoryId: string;
  fullName: string;
  enCode: string;
  /** 1 SQL, 2 static JSON, 3 HTTP API. */
  dataType: number;
  query: string | null;
  path: string | null;
  requestMethod: string;
  /** JSON [{field, value}] */
  requestHeaders: string;
  /** JSON [{field, value}] */
  requestParameters: string;
  /** JSON [{field, fieldName, dataType, required, defaultValue}] */
  parameterJson: string;
  responsePath: string | null;
  timeoutMs: number | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface DataInterfaceLogTable {
  id: string;
  interfaceId: string;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  duration: number;
  success: number;
  message: string | null;
  /** 'preview' | 'list' | 'info' | 'infoByIds' | 'print' | 'business' */
  source: string;
  createdAt: number;
}

export interface PrintTemplateTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  /** enCode of a 'printDev' dictionary item. */
  category: string;
  /** 1 flow form, 2 business form. */
  type: number;
  /** JSON [{sql}] */
  sqlTemplate: string;
  leftFields: string | null;
  printTemplate: string | null;
  pageParam: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface SysLogTable {
  id: string;
  /** 3 operation, 4 exception, 5 request (1, sign-in, lives in login_logs). */
  category: number;
  userId: string | null;
  userName: string | null;
  ip: string | null;
  userAgent: string | null;
  method: string | null;
  path: string | null;
  status: number | null;
  duration: number | null;
  module: string | null;
  action: string | null;
  targetId: string | null;
  summary: string | null;
  message: string | null;
  createdAt: number;
}

/** Chart of accounts (spec §3 account subject), answered by hfsAccountQuery. */
export interface AccountSubjectTable {
  id: string;
  orgId: string | null;
  accountCode: string;
  accountName: string;
  /** 1 assets, 2 liabilities, 3 equity, 4 cost, 5 profit and loss. */
  accountType: number;
  /** 1-based index into the 'unit' dictionary. */
  unit: number | null;
  sortCode: number;
  enabledMark: number;
}

/** Drug and material stock of the member units, answered by stockListQuery. */
export interface StockItemTable {
  id: string;
  orgId: string;
  itemCode: string;
  itemName: string;
  spec: string | null;
  /** 1-based index into the 'unit' dictionary. */
  unit: number;
  quantity: number;
  price: number;
  manufacturer: string | null;
  sortCode: number;
  enabledMark: number;
}

export interface SystemTables {
  dictionaryTypes: DictionaryTypeTable;
  dictionaryData: DictionaryDataTable;
  areas: AreaTable;
  billRules: BillRuleTable;
  billNumberPreviews: BillNumberPreviewTable;
  dataInterfaces: DataInterfaceTable;
  dataInterfaceLogs: DataInterfaceLogTable;
  printTemplates: PrintTemplateTable;
  sysLogs: SysLogTable;
  accountSubjects: AccountSubjectTable;
  stockItems: StockItemTable;
}
