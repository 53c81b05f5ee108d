/** Positional parameters in the order they are added to the SQL: user values are never spliced in. */
export function sqlParameters() {
  const values: unknown[] = [];
  return {
    values,
    add: (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    },
  };
}
