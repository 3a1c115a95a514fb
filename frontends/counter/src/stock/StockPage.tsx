import { Badge, Button, Checkbox, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import type { RetailStockRow } from '@pawline/contracts';
import { EmptyState, FormField, QueryState } from '@pawline/ui';
import { useState } from 'react';
import { BarcodeField } from '../shared/BarcodeField';
import { productForCode, stockWrites, type CounterContext } from '../shared/counter-context';

type Mode = 'receipt' | 'count';

/**
 * Issue 32: the store's stock, low rows marked, and the scanner field for receipts of goods and counts:
 * a scan selects the product, the figure is typed (a receipt adds it, a count replaces on hand with it).
 */
export function StockPage({ ctx }: { ctx: CounterContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const [lowOnly, setLowOnly] = useState(false);
  const [mode, setMode] = useState<Mode>('receipt');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('1');
  const params = { orga: orgaId, store: storeId };
  const all = useApiQuery('listRetailStock', { params, query: {} });
  const low = useApiQuery('listRetailStock', { params, query: { low: 'true' } }, { enabled: lowOnly });
  const selected = all.data?.find((row) => row.product_id === selectedId) ?? null;
  const recorded = (row: RetailStockRow) => t('counter.recorded', { name: row.name, onHand: row.on_hand });
  const receive = useApiMutation('receiveRetailStock', { invalidates: stockWrites(orgaId, storeId), success: recorded });
  const count = useApiMutation('countRetailStock', { invalidates: stockWrites(orgaId, storeId), success: recorded });
  const figure = Number(quantity);
  const valid = /^\d+$/.test(quantity.trim()) && (mode === 'count' ? figure >= 0 : figure >= 1);

  const onScan = (code: string) => {
    const row = productForCode(all.data ?? [], code);
    setUnknown(row ? null : t('counter.scanUnknown', { code }));
    setSelectedId(row?.product_id ?? null);
  };
  const record = () => {
    if (!selected || !valid) return;
    const product_id = selected.product_id;
    const written =
      mode === 'receipt'
        ? receive.mutateAsync({ params, body: { product_id, quantity: figure } })
        : count.mutateAsync({ params, body: { product_id, counted: figure } });
    void written
      .then(() => {
        setSelectedId(null);
        setQuantity('1');
      })
      .catch(() => undefined);
  };

  return (
    <Stack gap="4" data-testid="counter-stock">
      <Heading as="h2" size="md">
        {t('counter.tabStock')}
      </Heading>
      <Stack gap="3" borderWidth="1px" rounded="md" p="4">
        <FormField label={t('counter.mode')}>
          <NativeSelect.Root width="16rem">
            <NativeSelect.Field value={mode} onChange={(event) => setMode(event.target.value as Mode)} data-testid="stock-mode">
              <option value="receipt">{t('counter.receipt')}</option>
              <option value="count">{t('counter.count')}</option>
            </NativeSelect.Field>
          </NativeSelect.Root>
        </FormField>
        <BarcodeField label={t('counter.scan')} helper={t('counter.scanHint')} error={unknown} onScan={onScan} testId="stock-scan" />
        {selected ? (
          <HStack gap="3" align="end" wrap="wrap">
            <Text data-testid="stock-selected">{t('counter.selected', { name: selected.name, onHand: selected.on_hand })}</Text>
            <FormField label={mode === 'receipt' ? t('counter.quantity') : t('counter.counted')}>
              <Input
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
                inputMode="numeric"
                width="8rem"
                data-testid="stock-quantity"
              />
            </FormField>
            <Button onClick={record} disabled={!valid} loading={receive.isPending || count.isPending} data-testid="stock-record">
              {t('counter.record')}
            </Button>
          </HStack>
        ) : null}
      </Stack>
      <Checkbox.Root checked={lowOnly} onCheckedChange={(event) => setLowOnly(event.checked === true)} data-testid="stock-low-only">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('counter.lowOnly')}</Checkbox.Label>
      </Checkbox.Root>
      <QueryState
        query={lowOnly ? low : all}
        language={bridge.language}
        errorTitle={t('counter.stockLoadFailed')}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t('counter.stockEmpty')} description={t('counter.stockEmptyHint')} />}
      >
        {(rows) => (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="stock-table" aria-label={t('counter.stockTable')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('counter.product')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('counter.barcode')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('counter.onHand')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('counter.reorderLevel')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.product_id} data-testid={`stock-${row.product_id}`}>
                    <Table.Cell>
                      {row.name} {row.low ? <Badge colorPalette="orange">{t('counter.low')}</Badge> : null}
                    </Table.Cell>
                    <Table.Cell>{row.barcode ?? ''}</Table.Cell>
                    <Table.Cell textAlign="end">{row.on_hand}</Table.Cell>
                    <Table.Cell textAlign="end">{row.reorder_level}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </QueryState>
    </Stack>
  );
}
