import { Box, Button, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { API_ROUTES, apiQueryFilter, useApiHttp, useApiLayer, useApiMutation, useApiQuery } from '@pawline/api-client';
import type { PaymentMethod, RetailSale } from '@pawline/contracts';
import { EmptyState, FormField, QueryState } from '@pawline/ui';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BarcodeField } from '../shared/BarcodeField';
import { money, productForCode, stockWrites, vatPercent, type CounterContext } from '../shared/counter-context';
import { AppointmentCheckout } from './AppointmentCheckout';
import {
  addProduct,
  checkoutBody,
  checkoutTotals,
  PAYMENT_CHOICES,
  saleBody,
  tipCents,
  type DraftLine,
  type ServiceDraft,
} from './sale-lines';

/**
 * Issue 32: a sale at the counter. Scans add lines, each with its quantity and a discount as an amount or a
 * percentage; the total with its VAT per rate is priced by libs/domain's rule as the service prices it. With
 * ?appointment= it is that appointment's check-out (the calendar links here): its service comes first, with a
 * tip for its groomer. The sale just made stays on screen with its receipt.
 */
export function SalePage({ ctx }: { ctx: CounterContext }) {
  const [search, setSearch] = useSearchParams();
  const appointmentId = search.get('appointment');
  const [last, setLast] = useState<RetailSale | null>(null);
  const done = (sale: RetailSale) => {
    setLast(sale);
    if (appointmentId) setSearch({}, { replace: true });
  };
  return (
    <Stack gap="4">
      {last ? <LastSale ctx={ctx} sale={last} /> : null}
      {appointmentId ? (
        <AppointmentCheckout key={appointmentId} ctx={ctx} appointmentId={appointmentId}>
          {(service) => <SaleForm ctx={ctx} initialService={service} onSold={done} />}
        </AppointmentCheckout>
      ) : (
        <SaleForm ctx={ctx} initialService={null} onSold={done} />
      )}
    </Stack>
  );
}

/** The sale just made: its total, what was paid, the till's number and the courtesy receipt to print or download. */
function LastSale({ ctx, sale }: { ctx: CounterContext; sale: RetailSale }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const { download } = useApiHttp();
  const { feedback } = useApiLayer();
  const receipt = useCallback(
    (print: boolean) => {
      download(API_ROUTES.downloadRetailReceipt, {
        params: { orga: orgaId, store: storeId, id: sale.id },
        query: { lang: bridge.language },
      }).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          if (print) {
            // the browser's PDF viewer prints it: the same page as the PDF, no second layout to keep in step
            window.open(url, '_blank', 'noopener');
          } else {
            const link = document.createElement('a');
            link.href = url;
            link.download = `receipt-${sale.id.slice(0, 8)}.pdf`;
            link.click();
          }
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
        },
        (error: unknown) => feedback.failure(error),
      );
    },
    [download, feedback, orgaId, storeId, sale.id, bridge.language],
  );
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="last-sale" role="status">
      <Text fontWeight="bold">
        {t('counter.lastSale', { total: money(sale.total_cents, bridge.language), paid: money(sale.paid_cents, bridge.language) })}
      </Text>
      {sale.fiscal_document ? <Text fontSize="sm">{t('counter.tillDocument', { number: sale.fiscal_document })}</Text> : null}
      <HStack gap="2" mt="2">
        <Button size="sm" variant="outline" onClick={() => receipt(false)} data-testid="receipt-pdf">
          {t('counter.receiptPdf')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => receipt(true)} data-testid="receipt-print">
          {t('counter.receiptPrint')}
        </Button>
      </HStack>
    </Box>
  );
}

function SaleForm({
  ctx,
  initialService,
  onSold,
}: {
  ctx: CounterContext;
  initialService: (ServiceDraft & { groomerName: string | null }) | null;
  onSold: (sale: RetailSale) => void;
}) {
  const { t, bridge, orgaId, storeId } = ctx;
  const products = useApiQuery('listRetailProducts', { params: { orga: orgaId }, query: {} });
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [payment, setPayment] = useState<PaymentMethod>('cash');
  const [unknown, setUnknown] = useState<string | null>(null);
  const [service, setService] = useState(initialService);
  const sell = useApiMutation('createRetailSale', {
    invalidates: [...stockWrites(orgaId, storeId), apiQueryFilter('getAppointment', { orga: orgaId, store: storeId })],
    success: (sale: RetailSale) => t(service ? 'counter.checkedOut' : 'counter.sold', { total: money(sale.total_cents, bridge.language) }),
  });
  const { problems: allProblems, totals } = checkoutTotals(service, lines);
  const offset = service ? 1 : 0;
  const problems = allProblems.slice(offset);
  const tipProblem = service !== null && tipCents(service.tip) === null;
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
            {service ? (
              <ServiceLine
                ctx={ctx}
                service={service}
                problem={allProblems[0] ?? null}
                tipProblem={tipProblem}
                total={totals?.lines[0]?.total_cents ?? null}
                onChange={(patch) => setService((current) => (current ? { ...current, ...patch } : current))}
              />
            ) : null}
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
                      const priced = totals?.lines[index + offset];
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
              disabled={(lines.length === 0 && !service) || totals === null || tipProblem}
              loading={sell.isPending}
              data-testid="sale-submit"
              onClick={() =>
                void sell
                  .mutateAsync({
                    params: { orga: orgaId, store: storeId },
                    body: service ? checkoutBody(service, lines, payment) : saleBody(lines, payment),
                  })
                  .then((sale) => {
                    setLines([]);
                    onSold(sale);
                  })
                  .catch(() => undefined)
              }
            >
              {service ? t('counter.checkOut') : t('counter.sell')}
            </Button>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/** The appointment's service on the sale: its price as booked, a discount, and the tip for its groomer. */
function ServiceLine({
  ctx,
  service,
  problem,
  tipProblem,
  total,
  onChange,
}: {
  ctx: CounterContext;
  service: ServiceDraft & { groomerName: string | null };
  problem: string | null;
  tipProblem: boolean;
  total: number | null;
  onChange: (patch: Partial<ServiceDraft>) => void;
}) {
  const { t, bridge } = ctx;
  const language = bridge.language;
  const name = service.name;
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" data-testid="checkout-service">
      <Heading as="h3" size="sm">
        {t('counter.checkoutTitle')}
      </Heading>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="0">
          <Text fontWeight="bold" data-testid="checkout-service-name">
            {t('counter.service')}: {name}
          </Text>
          <Text fontSize="sm">
            {service.groomerName ? t('counter.checkoutGroomer', { name: service.groomerName }) : t('counter.checkoutNoGroomer')}
          </Text>
          <Text fontSize="sm">{money(service.appointment.price, language)}</Text>
        </Stack>
        <HStack gap="2">
          <NativeSelect.Root width="9rem">
            <NativeSelect.Field
              aria-label={t('counter.discountKind', { name })}
              value={service.discountKind === 'booked' ? (service.appointment.discount > 0 ? 'amount' : 'none') : service.discountKind}
              onChange={(event) =>
                onChange({
                  discountKind: event.target.value as ServiceDraft['discountKind'],
                  discountValue: service.discountKind === 'booked' && service.appointment.discount > 0 ? '' : service.discountValue,
                })
              }
              data-testid="service-discount-kind"
            >
              <option value="none">{t('counter.discountNone')}</option>
              <option value="amount">{t('counter.discountAmount')}</option>
              <option value="percent">{t('counter.discountPercent')}</option>
            </NativeSelect.Field>
          </NativeSelect.Root>
          {service.discountKind === 'none' || (service.discountKind === 'booked' && service.appointment.discount === 0) ? null : (
            <Input
              aria-label={t('counter.discountValue', { name })}
              value={
                service.discountKind === 'booked' ? String(service.appointment.discount / 100).replace('.', ',') : service.discountValue
              }
              onChange={(event) =>
                onChange({
                  discountKind: service.discountKind === 'booked' ? 'amount' : service.discountKind,
                  discountValue: event.target.value,
                })
              }
              inputMode="decimal"
              width="6rem"
              data-testid="service-discount"
            />
          )}
        </HStack>
        <Text data-testid="service-total">{total === null ? '–' : money(total, language)}</Text>
      </HStack>
      {problem === 'discount_exceeds_line' ? <Text color="red.600">{t('counter.discountTooLarge')}</Text> : null}
      {service.appointment.user_id && service.groomerName ? (
        <FormField label={t('counter.tip', { name: service.groomerName })} error={tipProblem ? t('counter.tipInvalid') : undefined}>
          <Input
            value={service.tip}
            onChange={(event) => onChange({ tip: event.target.value })}
            inputMode="decimal"
            width="8rem"
            data-testid="checkout-tip"
          />
        </FormField>
      ) : null}
    </Stack>
  );
}
