/**
 * Calculate-field expressions (spec §5.2): field references, numbers, the
 * operators + - × ÷ (also * and /) and parentheses. Parsed by a small
 * recursive-descent parser and evaluated over a record; nothing is ever handed
 * to eval or Function, so an expression can do nothing but arithmetic.
 *
 * Validity (§5.2): with parentheses set aside, the token count is odd,
 * operands and operators alternate, the first and the last are operands; the
 * parentheses must pair and enclose a valid expression.
 *
 * Evaluation: a missing or non-numeric value counts 0; the result is rounded
 * to 2 decimals and anything not finite becomes 0. `table.field` without a row
 * sums that sub-table column; with the current row of that table it is the
 * row's own value.
 */

export type ExprOp = '+' | '-' | '*' | '/';

export type ExprNode =
  | { kind: 'num'; value: number }
  | { kind: 'ref'; table?: string; field: string }
  | { kind: 'bin'; op: ExprOp; left: ExprNode; right: ExprNode };

const OPS: Record<string, ExprOp> = { '+': '+', '-': '-', '*': '*', '/': '/', '×': '*', '÷': '/', '−': '-' };
const REF = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;
const NUM = /^\d+(\.\d+)?$/;
const MAX_TOKENS = 500;

/**
 * The tokens of an expression written as text, or taken as the reference's
 * token list (each entry one token). null when a character belongs to no token.
 */
export function tokenizeExpression(src: string | readonly string[]): string[] | null {
  if (Array.isArray(src)) {
    const tokens = src.map((t) => String(t).trim()).filter((t) => t !== '');
    return tokens.every((t) => t === '(' || t === ')' || t in OPS || REF.test(t) || NUM.test(t)) ? tokens : null;
  }
  const text = src as string;
  const tokens: string[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)|([-+*/×÷−()]))/y;
  let pos = 0;
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break;
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) return null;
    tokens.push(m[1] ?? m[2] ?? m[3]!);
    pos = re.lastIndex;
    if (tokens.length > MAX_TOKENS) return null;
  }
  return tokens;
}

const isOperand = (t: string) => NUM.test(t) || REF.test(t);

/** The §5.2 shape rule over the tokens with parentheses set aside. */
function alternates(tokens: string[]): boolean {
  const flat = tokens.filter((t) => t !== '(' && t !== ')');
  if (flat.length === 0 || flat.length % 2 === 0) return false;
  return flat.every((t, i) => (i % 2 === 0 ? isOperand(t) : t in OPS));
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: string[]) {}

  parse(): ExprNode | null {
    const node = this.sum(0);
    return node && this.i === this.tokens.length ? node : null;
  }

  private sum(depth: number): ExprNode | null {
    let left = this.product(depth);
    while (left && (OPS[this.peek()] === '+' || OPS[this.peek()] === '-')) {
      const op = OPS[this.tokens[this.i++]!]!;
      const right = this.product(depth);
      if (!right) return null;
      left = { kind: 'bin', op, left, right };
    }
    return left;
  }

  private product(depth: number): ExprNode | null {
    let left = this.atom(depth);
    while (left && (OPS[this.peek()] === '*' || OPS[this.peek()] === '/')) {
      const op = OPS[this.tokens[this.i++]!]!;
      const right = this.atom(depth);
      if (!right) return null;
      left = { kind: 'bin', op, left, right };
    }
    return left;
  }

  private atom(depth: number): ExprNode | null {
    const t = this.tokens[this.i];
    if (t === undefined) return null;
    if (t === '(') {
      if (depth > 50) return null;
      this.i++;
      const inner = this.sum(depth + 1);
      if (!inner || this.tokens[this.i] !== ')') return null;
      this.i++;
      return inner;
    }
    this.i++;
    if (NUM.test(t)) return { kind: 'num', value: Number(t) };
    if (REF.test(t)) {
      const [a, b] = t.split('.');
      return b === undefined ? { kind: 'ref', field: a! } : { kind: 'ref', table: a!, field: b };
    }
    return null;
  }

  private peek(): string {
    return this.tokens[this.i] ?? '';
  }
}

/** The expression's tree, or null when it breaks a §5.2 rule or does not parse. */
export function parseExpression(src: string | readonly string[]): ExprNode | null {
  const tokens = tokenizeExpression(src);
  if (!tokens || !alternates(tokens)) return null;
  return new Parser(tokens).parse();
}

export function isValidExpression(src: string | readonly string[]): boolean {
  return parseExpression(src) !== null;
}

/** Every field an expression reads (for the designer's checks and for dependency order). */
export function expressionRefs(node: ExprNode): { table?: string; field: string }[] {
  if (node.kind === 'num') return [];
  if (node.kind === 'ref') return [node.table ? { table: node.table, field: node.field } : { field: node.field }];
  return [...expressionRefs(node.left), ...expressionRefs(node.right)];
}

export interface ExpressionScope {
  /** The whole record: main fields and sub-table rows under their table field's key. */
  record: Record<string, unknown>;
  /** The sub-table row being computed, and its table field's key. */
  row?: Record<string, unknown>;
  table?: string;
}

/** A value as a number: numbers and numeric strings; everything else 0. */
export function numericValue(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

function valueOf(node: ExprNode, scope: ExpressionScope): number {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'ref': {
      if (node.table === undefined) {
        if (scope.row && node.field in scope.row) return numericValue(scope.row[node.field]);
        return numericValue(scope.record[node.field]);
      }
      if (scope.row && scope.table === node.table) return numericValue(scope.row[node.field]);
      const rows = scope.record[node.table];
      if (!Array.isArray(rows)) return 0;
      let sum = 0;
      for (const r of rows) if (r && typeof r === 'object') sum += numericValue((r as Record<string, unknown>)[node.field]);
      return sum;
    }
    case 'bin': {
      const a = valueOf(node.left, scope);
      const b = valueOf(node.right, scope);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '*') return a * b;
      return a / b;
    }
  }
}

/** Round half away from zero to 2 decimals; NaN and ±Infinity → 0. */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const r = (Math.sign(n) * Math.round(Math.abs(n) * 100 + 1e-9)) / 100;
  return Object.is(r, -0) ? 0 : r;
}

/** The value of an expression (or of its parsed tree); an invalid expression is 0. */
export function evaluateExpression(src: string | readonly string[] | ExprNode, scope: ExpressionScope): number {
  const node = typeof src === 'object' && !Array.isArray(src) ? (src as ExprNode) : parseExpression(src as string | string[]);
  if (!node) return 0;
  return round2(valueOf(node, scope));
}
