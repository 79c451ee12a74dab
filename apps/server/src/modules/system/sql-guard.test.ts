import { describe, expect, it } from 'vitest';
import { checkReadOnlySql, SqlRefused, SqlText } from './sql-guard.ts';

const reason = (sql: string): string => {
  try {
    checkReadOnlySql(sql);
    return 'accepted';
  } catch (err) {
    if (err instanceof SqlRefused) return err.reason;
    throw err;
  }
};

describe('checkReadOnlySql', () => {
  it('accepts single SELECTs and WITH … SELECT, with strings that merely look dangerous', () => {
    for (const sql of [
      'SELECT 1',
      'select id, full_name from organizations where enabled_mark = 1 order by sort_code;',
      "SELECT 'DELETE FROM users; --' AS x",
      'SELECT "delete" FROM t',
      'WITH x AS (SELECT 1 AS a) SELECT a FROM x',
      'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r',
      '(SELECT 1) UNION (SELECT 2)',
      'SELECT * FROM users WHERE account = {account} AND organize_id = @organizeId',
      'SELECT CAST(x AS TEXT), a::text, 1.5e-3, .5, 0x1F FROM t',
      "SELECT '中文' AS \"名称\", 'it''s' FROM t",
      'SELECT a FROM t WHERE b @> c',
      "SELECT replace(full_name, 'a', 'b') FROM t",
      'SELECT 1 FROM t FETCH FIRST 10 ROWS ONLY',
    ]) {
      expect(reason(sql), sql).toBe('accepted');
    }
  });

  it('collects parameters in both spellings, once each', () => {
    const c = checkReadOnlySql('SELECT * FROM t WHERE a = {orgId} OR b = @orgid OR c = @userId');
    expect(c.params).toEqual(['orgId', 'userId']);
  });

  it('refuses writes, including writes hidden in CTEs and SELECT INTO', () => {
    expect(reason('DELETE FROM users')).toBe('sql.notSelect');
    expect(reason('UPDATE users SET real_name = 1')).toBe('sql.notSelect');
    expect(reason('INSERT INTO t VALUES (1)')).toBe('sql.notSelect');
    expect(reason('WITH x AS (DELETE FROM users RETURNING *) SELECT * FROM x')).toBe('sql.forbiddenWord');
    expect(reason('WITH x AS (UPDATE users SET a = 1 RETURNING id) SELECT 1')).toBe('sql.forbiddenWord');
    expect(reason('WITH x AS (INSERT INTO t VALUES (1) RETURNING 1) SELECT 1')).toBe('sql.forbiddenWord');
    expect(reason('SELECT * INTO copy_of_users FROM users')).toBe('sql.forbiddenWord');
    expect(reason('SELECT * FROM users FOR UPDATE')).toBe('sql.forbiddenWord');
    expect(reason('SELECT * FROM users FOR SHARE')).toBe('sql.forbiddenWord');
    expect(reason('PRAGMA writable_schema = 1')).toBe('sql.notSelect');
    expect(reason("ATTACH DATABASE '/tmp/x' AS x")).toBe('sql.notSelect');
    expect(reason('SELECT 1 FROM t; ATTACH DATABASE x AS y')).toBe('sql.multiple');
    expect(reason('MERGE INTO t USING s ON 1=1 WHEN MATCHED THEN DELETE')).toBe('sql.notSelect');
    expect(reason('CREATE TABLE x AS SELECT 1')).toBe('sql.notSelect');
    expect(reason('EXPLAIN ANALYZE DELETE FROM t')).toBe('sql.notSelect');
  });

  it('refuses several statements, however the separator is hidden', () => {
    expect(reason('SELECT 1; SELECT 2')).toBe('sql.multiple');
    expect(reason('SELECT 1;; ')).toBe('sql.multiple');
    expect(reason('SELECT 1 ; DROP TABLE users')).toBe('sql.multiple');
    // A trailing semicolon alone is fine.
    expect(reason('SELECT 1;  ')).toBe('accepted');
  });

  it('refuses comments and comment tricks', () => {
    expect(reason('SELECT 1 -- trailing')).toBe('sql.comment');
    expect(reason('SELECT 1 /* */; DELETE FROM users')).toBe('sql.comment');
    expect(reason('SELECT /*/ 1 */ 2')).toBe('sql.comment');
    expect(reason("SELECT 1 /* ' */ ; DELETE FROM users")).toBe('sql.comment');
    expect(reason('SELECT 1 --\n; DELETE FROM users')).toBe('sql.comment');
  });

  it('refuses quoting the two databases could read differently', () => {
    expect(reason("SELECT E'\\''; DELETE FROM users; --'")).toBe('sql.backslash');
    expect(reason("SELECT E'a'")).toBe('sql.escapeString');
    expect(reason("SELECT U&'d\\0061t'")).toBe('sql.escapeString');
    expect(reason("SELECT U&'x'")).toBe('sql.escapeString');
    expect(reason('SELECT $$; DELETE FROM users; $$')).toBe('sql.unsupportedChar');
    expect(reason('SELECT $tag$x$tag$')).toBe('sql.unsupportedChar');
    expect(reason("SELECT [a'] FROM x; DELETE FROM y --']")).toBe('sql.unsupportedChar');
    expect(reason('SELECT `a` FROM t')).toBe('sql.unsupportedChar');
    expect(reason('SELECT * FROM t WHERE a = ?')).toBe('sql.unsupportedChar');
    expect(reason("SELECT 'unterminated")).toBe('sql.unterminated');
    expect(reason('SELECT "unterminated')).toBe('sql.unterminated');
    expect(reason('SELECT 1DELETE')).toBe('sql.badNumber');
  });

  it('refuses functions that reach outside the query and tables holding secrets', () => {
    expect(reason("SELECT pg_read_file('/etc/passwd')")).toBe('sql.forbiddenFunction');
    expect(reason('SELECT pg_sleep(10)')).toBe('sql.forbiddenFunction');
    expect(reason("SELECT set_config('statement_timeout', '0', true)")).toBe('sql.forbiddenFunction');
    expect(reason("SELECT load_extension('x')")).toBe('sql.forbiddenFunction');
    expect(reason("SELECT * FROM dblink('host=x', 'delete from t') AS t(a int)")).toBe('sql.forbiddenFunction');
    expect(reason("SELECT query_to_xml('delete from users', true, true, '')")).toBe('sql.forbiddenFunction');
    expect(reason("SELECT nextval('s')")).toBe('sql.forbiddenFunction');
    expect(reason("SELECT * FROM ts_stat('select to_tsvector(account) from users')")).toBe('sql.forbiddenFunction');
    expect(reason('SELECT * FROM pg_catalog.pg_authid')).toBe('sql.forbiddenFunction');
    expect(reason('SELECT * FROM "pg_shadow"')).toBe('sql.forbiddenFunction');
    expect(reason('SELECT * FROM sessions')).toBe('sql.sensitive');
    expect(reason('SELECT password_hash FROM users')).toBe('sql.sensitive');
    expect(reason('SELECT "PASSWORD_HASH" FROM users')).toBe('sql.sensitive');
    expect(reason('SELECT value FROM sys_config')).toBe('sql.sensitive');
  });

  it('refuses empty, oversized and unbalanced text', () => {
    expect(reason('')).toBe('sql.empty');
    expect(reason(' ; ')).toBe('sql.empty');
    expect(reason(`SELECT '${'x'.repeat(100_001)}'`)).toBe('sql.tooLong');
    expect(reason('SELECT (1')).toBe('sql.unbalanced');
    expect(reason('SELECT 1)')).toBe('sql.unbalanced');
  });
});

describe('SqlText', () => {
  it('binds parameters, never splices them: ? for SQLite, one $n per name for PostgreSQL', () => {
    const checked = checkReadOnlySql('SELECT * FROM t WHERE a = {x} OR b = @x OR c = {y}');
    const values: Record<string, unknown> = { x: "'; DROP TABLE users; --", y: true };
    const lite = new SqlText('sqlite').checked(checked, (n) => values[n]);
    expect(lite.toString()).toBe('SELECT * FROM t WHERE a = ? OR b = ? OR c = ?');
    expect(lite.params).toEqual(["'; DROP TABLE users; --", "'; DROP TABLE users; --", 1]);
    const pgText = new SqlText('postgres')
      .raw('SELECT t.* FROM (')
      .checked(checked, (n) => values[n])
      .raw(') t LIMIT ')
      .value(20);
    expect(pgText.toString()).toBe('SELECT t.* FROM (SELECT * FROM t WHERE a = $1 OR b = $1 OR c = $2) t LIMIT $3');
    expect(pgText.params).toEqual(["'; DROP TABLE users; --", 1, 20]);
  });

  it('quotes identifiers', () => {
    expect(new SqlText('postgres').ident('a"b').toString()).toBe('"a""b"');
  });
});
