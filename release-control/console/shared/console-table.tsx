/** A table's head: one column header per title, in order (the console's tables name their columns in one list). */
export function ColumnHeads({ titles }: { titles: readonly string[] }) {
  return (
    <thead>
      <tr>
        {titles.map((title) => (
          <th key={title} scope="col">
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}
