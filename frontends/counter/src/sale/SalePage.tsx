import { Button, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import type { PaymentMethod, RetailSale } from '@pawline/contracts';
import { EmptyState, FormField, QueryState } from '@pawline/ui';
import { useState } from 'react';
import { BarcodeField } from '../shared/BarcodeField';
import { money, productForCode, stockWrites, vatPercent, type CounterContext } from '../shared/counter-context';
import { addProduct, draftTotals, PAYMENT_CHOICES, saleBody, type DraftLine } from './sale-lines';

/**
 * Issue 32: a walk-in sale at the counter. Scans add lines, each with its quantity and a discount as an amount
 * or a percentage; the total with its VAT per rate is priced by libs/domain's rule as the service prices it.
 */
export function SalePage({ ctx }: { ctx: CounterContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const products = useApiQuery('listRetailProducts', { params: { orga: orgaId }, query: {} });
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [payment, setPayment] = useState<PaymentMethod>('cash');
  const [unknown, setUnknown] = useState<string | null>(null);
  const sell = useApiMutation('createRetailSale', {
    invalidates: stockWrites(orgaId, storeId),
    success: (sale: RetailSale) => t('counter.sold', { total: money(sale.total_cents, bridge.language) }),
  });
  const { problems, totals } = draftTotals(lines);
  const change = (index: number, patch: Partial<DraftLine>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const language = bridge.language;

  return (
    <Stack gap="4" data-testid="counter-sale">
      <Heading as="h2" size="md">
        {t('counter.tabSale')}
      </Heading>
      <QueryState
        query={products}
        language={language}
        errorTitle={t('counter.loadFailed')}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t('counter.productsEmpty')} description={t('counter.productsEmptyHint')} />}
      >
        {(catalogue) => (
          <Stack gap="4">
            <BarcodeField
              label={t('counter.scan')}
              helper={t('counter.scanHint')}
              error={unknown}
              testId="sale-scan"
              onScan={(code) => {
                const product = productForCode(catalogue, code);
                setUnknown(product ? null : t('counter.scanUnknown', { code }));
                if (product) setLines((current) => addProduct(current, product));
              }}
            />
            {lines.length === 0 ? (
              <Text data-testid="sale-empty">{t('counter.saleEmpty')}</Text>
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md">
                <Table.Root size="sm" data-testid="sale-lines" aria-label={t('counter.saleLines')}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('counter.product')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('counter.quantity')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('counter.discount')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('counter.lineTotal')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('counter.actions')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {lines.map((line, index) => {
                      const name = line.product.name;
                      const priced = totals?.lines[index];
                      return (
                        <Table.Row key={line.product.id} data-testid={`line-${index}`}>
                          <Table.Cell>
                            {name}
                            <Text fontSize="sm">{money(line.product.price_cents, language)}</Text>
                          </Table.Cell>
                          <Table.Cell>
                            <Input
                              aria-label={t('counter.quantityOf', { name })}
                              value={line.quantity}
                              onChange={(event) => change(index, { quantity: event.target.value })}
                              inputMode="numeric"
                              width="5rem"
                              data-testid={`line-${index}-quantity`}
                            />
                          </Table.Cell>
                          <Table.Cell>
                            <HStack gap="2">
                              <NativeSelect.Root width="9rem">
                                <NativeSelect.Field
                                  aria-label={t('counter.discountKind', { name })}
                                  value={line.discountKind}
                                  onChange={(event) => change(index, { discountKind: event.target.value as DraftLine['discountKind'] })}
                                  data-testid={`line-${index}-discount-kind`}
                                >
                                  <option value="none">{t('counter.discountNone')}</option>
                                  <option value="amount">{t('counter.discountAmount')}</option>
                                  <option value="percent">{t('counter.discountPercent')}</option>
                                </NativeSelect.Field>
                              </NativeSelect.Root>
                              {line.discountKind === 'none' ? null : (
                                <Input
                                  aria-label={t('counter.discountValue', { name })}
                                  value={line.discountValue}
                                  onChange={(event) => change(index, { discountValue: event.target.value })}
                                  inputMode="decimal"
                                  width="6rem"
                                  data-testid={`line-${index}-discount`}
                                />
                              )}
                            </HStack>
                            {problems[index] === 'discount_exceeds_line' ? (
                              <Text color="red.600">{t('counter.discountTooLarge')}</Text>
                            ) : null}
                          </Table.Cell>
                          <Table.Cell textAlign="end" data-testid={`line-${index}-total`}>
                            {priced ? money(priced.total_cents, language) : '–'}
                          </Table.Cell>
                          <Table.Cell>
                            <Button
                              size="xs"
                              variant="outline"
                              aria-label={t('counter.remove', { name })}
                              onClick={() => setLines((current) => current.filter((_line, at) => at !== index))}
                            >
                              ✕
                            </Button>
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
            <HStack gap="6" align="end" wrap="wrap">
              <FormField label={t('counter.payment')}>
                <NativeSelect.Root width="12rem">
                  <NativeSelect.Field
                    value={payment}
                    onChange={(event) => setPayment(event.target.value as PaymentMethod)}
                    data-testid="sale-payment"
                  >
                    {PAYMENT_CHOICES.map((method) => (
                      <option key={method} value={method}>
                        {t(`counter.${method}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                </NativeSelect.Root>
              </FormField>
              <Stack gap="0" data-testid="sale-totals">
                <Text fontWeight="bold" fontSize="lg" data-testid="sale-total">
                  {t('counter.total')}: {money(totals?.total_cents ?? 0, language)}
                </Text>
                {(totals?.by_rate ?? []).map((row) => (
                  <Text key={row.vat_rate_bp} fontSize="sm">
                    {t('counter.vatLine', { rate: vatPercent(row.vat_rate_bp, language), vat: money(row.vat_cents, language) })}
                  </Text>
                ))}
              </Stack>
            </HStack>
            <Button
              alignSelf="start"
              disabled={lines.length === 0 || totals === null}
              loading={sell.isPending}
              data-testid="sale-submit"
              onClick={() =>
                void sell
                  .mutateAsync({ params: { orga: orgaId, store: storeId }, body: saleBody(lines, payment) })
                  .then(() => setLines([]))
                  .catch(() => undefined)
              }
            >
              {t('counter.sell')}
            </Button>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
