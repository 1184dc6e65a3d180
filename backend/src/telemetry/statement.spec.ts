import { describe, expect, it } from '@jest/globals';
import { statementShape } from './statement.js';

describe('statementShape', () => {
  it('replaces every string literal, keeping the statement readable', () => {
    expect(statementShape(`insert into "users" ("email", "name") values ('ana@example.com', 'O''Brien'), (E'a\\nb', 'x')`)).toBe(
      `insert into "users" ("email", "name") values (?, ?), (?, ?)`,
    );
  });
  it('replaces dollar-quoted strings', () => {
    expect(statementShape('select $$secret$$, $tag$more $$ secret$tag$ from t')).toBe('select ?, ? from t');
  });
  it('leaves parameters, identifiers and numbers alone', () => {
    expect(statementShape('select "id" from t where a = $1 and b = any($2::uuid[]) limit 20')).toBe(
      'select "id" from t where a = $1 and b = any($2::uuid[]) limit 20',
    );
  });
  it('leaves no part of an unterminated literal', () => {
    expect(statementShape("select 'ana@example.com")).not.toContain('ana@');
  });
});
