/**
 * A SQL statement as a trace may keep it: every string literal replaced by `?`. Most statements are
 * parameterised ($1, …), but the ORM writes an entity's values into its insert (an address, a name, a
 * password's hash): a span keeps the statement's shape, never the data.
 */
export function statementShape(sql: string): string {
  return (
    sql
      .replace(/(?:[eE])?'(?:[^']|'')*'|\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$/g, '?')
      // A literal cut off (a statement truncated before it reached us): nothing after its quote.
      .replace(/'[\s\S]*$/, '?')
  );
}
