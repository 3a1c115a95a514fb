import { Table } from '@chakra-ui/react';
import { FlexRender, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';

export const plainTableFeatures = tableFeatures({});
export type PlainColumn<T extends Record<string, unknown>> = ColumnDef<typeof plainTableFeatures, T>;

/** A headless @tanstack/react-table drawn with Chakra's table parts. */
export function DataTable<T extends Record<string, unknown>>({ columns, data, testId, rowTestId }: { columns: PlainColumn<T>[]; data: T[]; testId: string; rowTestId?: (row: T) => string }) {
  const table = useTable({ features: plainTableFeatures, columns, data });
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid={testId} interactive>
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => (
                <Table.ColumnHeader key={header.id}>{header.isPlaceholder ? null : <FlexRender header={header} />}</Table.ColumnHeader>
              ))}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {table.getRowModel().rows.map((row) => (
            <Table.Row key={row.id} data-testid={rowTestId ? rowTestId(row.original) : undefined}>
              {row.getAllCells().map((cell) => (
                <Table.Cell key={cell.id}>
                  <FlexRender cell={cell} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
