import { Button, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { API_ROUTES, apiQueryFilter, useApiHttp, useApiLayer, useApiMutation, useApiQuery } from '@pawline/api-client';
import type { OrgaUser as OrganizationUser, RetailCommissionRule, RetailPayrollReport } from '@pawline/contracts';
import { isOrgaAdmin, orgaMemberOf, vatRateBp } from '@pawline/domain';
import { EmptyState, FormField, QueryState } from '@pawline/ui';
import { useCallback, useState } from 'react';
import { money, vatPercent, type CounterContext } from '../shared/counter-context';

/** Today in the store's calendar (its time zone, not the browser's), as the date field writes it (YYYY-MM-DD). */
export function todayText(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Minutes as hours with two decimals in the salon's language: 90 → "1,5" (it). */
export function hoursOf(minutes: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(minutes / 60);
}

const nameOf = (users: readonly OrganizationUser[], id: string) => {
  const user = users.find((candidate) => candidate.user_id === id);
  return user ? `${user.first_name} ${user.last_name}`.trim() || user.username : id;
};

/**
 * Issue 32: the store's payroll for a period (organization administrators): per groomer the net services and
 * products, the commission by their rule, tips and booked hours, as libs/domain's payroll computes them on the
 * server; a CSV of the same; and each groomer's commission rule.
 */
export function PayrollPage({ ctx }: { ctx: CounterContext }) {
  const { t, bridge, orgaId } = ctx;
  const orga = useApiQuery('getOrga', { params: { orga: orgaId } });
  const member = orgaMemberOf(orga.data, bridge.user.id);
  return (
    <Stack gap="4" data-testid="counter-payroll">
      <Heading as="h2" size="md">
        {t('counter.payrollTitle')}
      </Heading>
      <QueryState query={orga} language={bridge.language} errorTitle={t('counter.payrollLoadFailed')}>
        {(organization) =>
          member !== null && isOrgaAdmin(member) ? (
            <PayrollReport
              ctx={ctx}
              users={organization.users}
              timeZone={organization.stores.find((store) => store.id === ctx.storeId)?.time_zone ?? 'UTC'}
            />
          ) : (
            <Text role="status" data-testid="payroll-admin-only">
              {t('counter.payrollAdminOnly')}
            </Text>
          )
        }
      </QueryState>
    </Stack>
  );
}

function PayrollReport({ ctx, users, timeZone }: { ctx: CounterContext; users: readonly OrganizationUser[]; timeZone: string }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const language = bridge.language;
  const [from, setFrom] = useState(() => todayText(timeZone));
  const [to, setTo] = useState(() => todayText(timeZone));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const report = useApiQuery('getPayrollReport', { params: { orga: orgaId, store: storeId }, query: { from, to } }, { enabled: valid });
  const { download } = useApiHttp();
  const { feedback } = useApiLayer();
  const csv = useCallback(() => {
    download(API_ROUTES.downloadPayrollCsv, { params: { orga: orgaId, store: storeId }, query: { from, to, lang: language } }).then(
      (blob) => {
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = `payroll-${from}-${to}.csv`;
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      (error: unknown) => feedback.failure(error),
    );
  }, [download, feedback, orgaId, storeId, from, to, language]);
  const figures = (row: RetailPayrollReport['totals']) => [
    hoursOf(row.minutes, language),
    money(row.services_net_cents, language),
    money(row.products_net_cents, language),
    money(row.commission_cents, language),
    money(row.tips_cents, language),
    money(row.pay_cents, language),
  ];
  const headers = [
    t('counter.hours'),
    t('counter.servicesNet'),
    t('counter.productsNet'),
    t('counter.commission'),
    t('counter.tips'),
    t('counter.pay'),
  ];
  return (
    <Stack gap="4">
      <HStack gap="4" align="end" wrap="wrap">
        <FormField label={t('counter.from')}>
          <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} data-testid="payroll-from" width="11rem" />
        </FormField>
        <FormField label={t('counter.to')} error={valid ? undefined : t('counter.periodInvalid')}>
          <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} data-testid="payroll-to" width="11rem" />
        </FormField>
        <Button variant="outline" onClick={csv} disabled={!valid} data-testid="payroll-csv">
          {t('counter.payrollCsv')}
        </Button>
      </HStack>
      {valid ? (
        <QueryState
          query={report}
          language={language}
          errorTitle={t('counter.payrollLoadFailed')}
          isEmpty={(data) => data.rows.length === 0}
          empty={<EmptyState title={t('counter.payrollEmpty')} description={t('counter.payrollEmptyHint')} />}
        >
          {(data) => (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="payroll-table" aria-label={t('counter.payrollTable')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('counter.groomer')}</Table.ColumnHeader>
                    {headers.map((header) => (
                      <Table.ColumnHeader key={header} textAlign="end">
                        {header}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.rows.map((row) => (
                    <Table.Row key={row.groomer_user_id} data-testid={`payroll-row-${row.groomer_user_id}`}>
                      <Table.Cell>{nameOf(users, row.groomer_user_id)}</Table.Cell>
                      {figures(row).map((cell, index) => (
                        <Table.Cell key={headers[index]} textAlign="end">
                          {cell}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
                <Table.Footer>
                  <Table.Row data-testid="payroll-totals">
                    <Table.Cell fontWeight="bold">{t('counter.payrollTotal')}</Table.Cell>
                    {figures(data.totals).map((cell, index) => (
                      <Table.Cell key={headers[index]} textAlign="end" fontWeight="bold">
                        {cell}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                </Table.Footer>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </QueryState>
      ) : null}
      <CommissionRules ctx={ctx} users={users} />
    </Stack>
  );
}

type RuleDraft = { service: string; product: string; afterCost: boolean };

const percentText = (bp: number, language: string) => vatPercent(bp, language).replace(/\s/g, '');

function CommissionRules({ ctx, users }: { ctx: CounterContext; users: readonly OrganizationUser[] }) {
  const { t, bridge, orgaId } = ctx;
  const rules = useApiQuery('listCommissionRules', { params: { orga: orgaId } });
  return (
    <Stack gap="2" data-testid="commission-rules">
      <Heading as="h3" size="sm">
        {t('counter.commissionRules')}
      </Heading>
      <QueryState query={rules} language={bridge.language} errorTitle={t('counter.payrollLoadFailed')}>
        {(list) => (
          <Stack gap="2">
            {users
              .filter((user) => user.active)
              .map((user) => (
                <RuleRow key={user.user_id} ctx={ctx} user={user} rule={list.find((rule) => rule.user_id === user.user_id) ?? null} />
              ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function RuleRow({ ctx, user, rule }: { ctx: CounterContext; user: OrganizationUser; rule: RetailCommissionRule | null }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const language = bridge.language;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  const [draft, setDraft] = useState<RuleDraft>({
    service: percentText(rule?.service_bp ?? 0, language),
    product: percentText(rule?.product_bp ?? 0, language),
    afterCost: rule?.product_after_cost ?? false,
  });
  const save = useApiMutation('setCommissionRule', {
    invalidates: [
      apiQueryFilter('listCommissionRules', { orga: orgaId }),
      apiQueryFilter('getPayrollReport', { orga: orgaId, store: storeId }),
    ],
    success: t('counter.ruleSaved'),
  });
  const service = vatRateBp(draft.service);
  const product = vatRateBp(draft.product);
  const invalid = service === null || product === null;
  return (
    <HStack gap="3" align="end" wrap="wrap" data-testid={`rule-${user.user_id}`}>
      <Text minWidth="10rem" fontWeight="medium">
        {name}
      </Text>
      <FormField label={t('counter.serviceShare', { name })} error={service === null ? t('counter.shareInvalid') : undefined}>
        <Input
          value={draft.service}
          onChange={(event) => setDraft({ ...draft, service: event.target.value })}
          inputMode="decimal"
          width="6rem"
          data-testid={`rule-${user.user_id}-service`}
        />
      </FormField>
      <FormField label={t('counter.productShare', { name })} error={product === null ? t('counter.shareInvalid') : undefined}>
        <Input
          value={draft.product}
          onChange={(event) => setDraft({ ...draft, product: event.target.value })}
          inputMode="decimal"
          width="6rem"
          data-testid={`rule-${user.user_id}-product`}
        />
      </FormField>
      <HStack as="label" gap="2">
        <input
          type="checkbox"
          checked={draft.afterCost}
          onChange={(event) => setDraft({ ...draft, afterCost: event.currentTarget.checked })}
        />
        <Text>{t('counter.afterCostOf', { name })}</Text>
      </HStack>
      <Button
        size="sm"
        disabled={invalid}
        loading={save.isPending}
        aria-label={t('counter.saveRuleOf', { name })}
        data-testid={`rule-${user.user_id}-save`}
        onClick={() =>
          void save
            .mutateAsync({
              params: { orga: orgaId, user: user.user_id },
              body: { service_bp: service ?? 0, product_bp: product ?? 0, product_after_cost: draft.afterCost },
            })
            .catch(() => undefined)
        }
      >
        {t('counter.saveRule')}
      </Button>
    </HStack>
  );
}
