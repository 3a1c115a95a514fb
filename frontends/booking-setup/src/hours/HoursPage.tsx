import { Badge, Box, Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import { apiErrorText, ConfirmDialog, EmptyState, FormField, QueryState } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { ruleWrites, type BookingRule } from '../api/booking-api';
import { staffName, storeStaff, type BookingContext } from '../shared/booking-context';
import { clockText, localDateText } from '../shared/labels';
import { EMPTY_RULE_FORM, ruleFromForm, splitRules, type RuleForm, type RuleProblems } from './rule-form';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
// Monday first in the pickers
const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** R1.08 R3.08 office hours and each staff member's weekly hours, and the dated exceptions (store administrators change them). */
export function HoursPage({ ctx }: { ctx: BookingContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  // R4.19 a rule created or deleted anywhere reads the rules again (the realtime table's scope `rule`)
  const rules = useApiQuery('listBookingRules', { params: { orga: orgaId, store: storeId } });
  return (
    <QueryState query={rules} language={bridge.language} errorTitle={t('booking-setup.loadFailed')}>
      {(answer) => <HoursView ctx={ctx} rules={answer.v} />}
    </QueryState>
  );
}

function HoursView({ ctx, rules }: { ctx: BookingContext; rules: BookingRule[] }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const [deleting, setDeleting] = useState<BookingRule | null>(null);
  const deleteRule = useApiMutation('deleteBookingRule', {
    invalidates: ruleWrites(orgaId, storeId),
    onSettled: () => setDeleting(null),
  });

  const { weekly, exceptions } = splitRules(rules);
  const weekday = (rule: BookingRule) =>
    rule.weekday === null ? t('booking-setup.everyDay') : t(`common.${WEEKDAYS[rule.weekday] ?? 'monday'}`);
  const hours = (rule: BookingRule) => `${clockText(rule.start_hour, rule.start_min)}–${clockText(rule.end_hour, rule.end_min)}`;
  const days = (rule: BookingRule) =>
    rule.start_date === rule.end_date
      ? localDateText(rule.start_date ?? '', bridge.language)
      : t('booking-setup.dateRange', {
          from: localDateText(rule.start_date ?? '', bridge.language),
          to: localDateText(rule.end_date ?? '', bridge.language),
        });
  // what a rule is in words: who, the days (dates for an exception), the hours
  const describe = (rule: BookingRule) =>
    [
      staffName(bridge, rule.user_id, t),
      rule.start_date ? days(rule) : null,
      rule.weekday === null && rule.start_date ? null : weekday(rule),
      hours(rule),
    ]
      .filter(Boolean)
      .join(' · ');

  const remove = () => {
    if (deleting) deleteRule.mutate({ params: { orga: orgaId, store: storeId, rule: deleting.id } });
  };
  const deleteButton = (rule: BookingRule) =>
    ctx.storeAdmin ? (
      <Button
        size="xs"
        variant="ghost"
        colorPalette="red"
        onClick={() => setDeleting(rule)}
        data-testid="rule-delete"
        aria-label={`${t('common.delete')}: ${describe(rule)}`}
      >
        {t('common.delete')}
      </Button>
    ) : null;

  return (
    <Stack gap="5" data-testid="hours-page">
      <Heading as="h2" size="lg">
        {t('booking-setup.hoursTitle')}
      </Heading>
      {!ctx.storeAdmin ? (
        <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
          {t('booking-setup.storeAdminsOnly')}
        </Text>
      ) : null}

      <Box as="section" aria-labelledby="weekly-heading">
        <Heading as="h3" size="md" mb="1" id="weekly-heading">
          {t('booking-setup.weeklyTitle')}
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="3">
          {t('booking-setup.weeklyText')}
        </Text>
        {weekly.length === 0 ? <EmptyState title={t('booking-setup.weeklyEmpty')} /> : null}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
          {weekly.map(({ userId, rules }) => (
            <Card.Root key={userId ?? 'office'} size="sm" data-testid={`weekly-${userId ?? 'office'}`}>
              <Card.Body gap="1">
                <Text fontWeight="semibold">{staffName(bridge, userId, t)}</Text>
                {rules.map((rule) => (
                  <HStack key={rule.id} justify="space-between" data-testid="weekly-rule">
                    <Text>
                      {weekday(rule)} · {hours(rule)}
                      {rule.kind === 'closed' ? (
                        <Badge ms="2" size="sm" colorPalette="red">
                          {t('booking-setup.closed')}
                        </Badge>
                      ) : null}
                    </Text>
                    {deleteButton(rule)}
                  </HStack>
                ))}
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Box>

      <Box as="section" aria-labelledby="exceptions-heading">
        <Heading as="h3" size="md" mb="1" id="exceptions-heading">
          {t('booking-setup.exceptionsTitle')}
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="3">
          {t('booking-setup.exceptionsText')}
        </Text>
        {exceptions.length === 0 ? <EmptyState title={t('booking-setup.exceptionsEmpty')} /> : null}
        <Stack gap="2">
          {exceptions.map((rule) => (
            <HStack key={rule.id} justify="space-between" borderWidth="1px" rounded="md" px="3" py="2" data-testid="exception-rule">
              <Box>
                <Text fontWeight="semibold">
                  {days(rule)}
                  <Badge ms="2" size="sm" colorPalette={rule.kind === 'closed' ? 'red' : 'green'}>
                    {t(rule.kind === 'closed' ? 'booking-setup.closed' : 'booking-setup.open')}
                  </Badge>
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {staffName(bridge, rule.user_id, t)} · {rule.weekday === null ? '' : `${weekday(rule)} · `}
                  {rule.start_hour === 0 && rule.start_min === 0 && rule.end_hour === 24 ? t('booking-setup.allDay') : hours(rule)}
                </Text>
              </Box>
              {deleteButton(rule)}
            </HStack>
          ))}
        </Stack>
      </Box>

      {ctx.storeAdmin ? <RuleEditor ctx={ctx} /> : null}

      <ConfirmDialog
        open={deleting !== null}
        title={t('booking-setup.ruleDeleteTitle')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        busy={deleteRule.isPending}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <Text data-testid="rule-delete-what">{deleting ? describe(deleting) : ''}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function RuleEditor({ ctx }: { ctx: BookingContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const [form, setForm] = useState<RuleForm>(EMPTY_RULE_FORM);
  const [problems, setProblems] = useState<RuleProblems>({});
  const create = useApiMutation('createBookingRule', {
    invalidates: ruleWrites(orgaId, storeId),
    success: t('booking-setup.ruleCreated'),
    // the form shows the refusal itself
    notifyFailure: false,
    onSuccess: () => setForm((f) => ({ ...EMPTY_RULE_FORM, kind: f.kind, who: f.who, weekday: f.kind === 'weekly' ? f.weekday : '' })),
  });
  const staff = useMemo(() => storeStaff(bridge, storeId), [bridge, storeId]);
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const exception = form.kind === 'exception';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = ruleFromForm(form);
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    create.mutate({ params: { orga: orgaId, store: storeId }, body: result.fields });
  };
  const problem = (field: keyof RuleProblems) => (problems[field] ? t(problems[field]) : null);

  return (
    <Card.Root as="section" aria-labelledby="rule-new-heading" data-testid="rule-editor">
      <form onSubmit={submit} noValidate>
        <Card.Body gap="3">
          <Heading as="h3" size="md" id="rule-new-heading">
            {t('booking-setup.ruleNewTitle')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <FormField label={t('booking-setup.ruleKind')}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="kind"
                  value={form.kind}
                  onChange={(e) => {
                    const kind = e.currentTarget.value as RuleForm['kind'];
                    setForm((f) => ({ ...f, kind, weekday: kind === 'weekly' ? '1' : '' }));
                  }}
                >
                  <option value="weekly">{t('booking-setup.kindWeekly')}</option>
                  <option value="exception">{t('booking-setup.kindException')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('booking-setup.ruleWho')}>
              <NativeSelect.Root>
                <NativeSelect.Field name="who" value={form.who} onChange={(e) => set('who', e.currentTarget.value)}>
                  <option value="">{t('booking-setup.office')}</option>
                  {staff.map((s) => (
                    <option key={s.userId} value={s.userId}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('booking-setup.weekday')} error={problem('weekday')}>
              <NativeSelect.Root>
                <NativeSelect.Field name="weekday" value={form.weekday} onChange={(e) => set('weekday', e.currentTarget.value)}>
                  {exception ? <option value="">{t('booking-setup.everyDay')}</option> : null}
                  {WEEKDAY_ORDER.map((day) => (
                    <option key={day} value={String(day)}>
                      {t(`common.${WEEKDAYS[day]}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            {exception ? (
              <>
                <FormField label={t('booking-setup.startDate')} error={problem('startDate')} required>
                  <Input type="date" name="startDate" value={form.startDate} onChange={(e) => set('startDate', e.currentTarget.value)} />
                </FormField>
                <FormField label={t('booking-setup.endDate')} error={problem('endDate')} required>
                  <Input type="date" name="endDate" value={form.endDate} onChange={(e) => set('endDate', e.currentTarget.value)} />
                </FormField>
                <FormField label={t('booking-setup.exceptionKind')}>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      name="closed"
                      value={form.closed ? 'closed' : 'open'}
                      onChange={(e) => set('closed', e.currentTarget.value === 'closed')}
                    >
                      <option value="closed">{t('booking-setup.exceptionClosed')}</option>
                      <option value="open">{t('booking-setup.exceptionOpen')}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              </>
            ) : null}
          </SimpleGrid>
          {exception ? (
            <HStack as="label" gap="2">
              <input type="checkbox" name="allDay" checked={form.allDay} onChange={(e) => set('allDay', e.currentTarget.checked)} />
              {t('booking-setup.allDay')}
            </HStack>
          ) : null}
          {!exception || !form.allDay ? (
            <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
              <FormField label={t('booking-setup.from')} error={problem('start')}>
                <Input type="time" name="start" value={form.start} onChange={(e) => set('start', e.currentTarget.value)} />
              </FormField>
              <FormField label={t('booking-setup.to')} error={problem('end')} helper={t('booking-setup.midnightHelp')}>
                <Input type="time" name="end" value={form.end} onChange={(e) => set('end', e.currentTarget.value)} />
              </FormField>
            </SimpleGrid>
          ) : null}
          {create.isError ? (
            <Text color="red.600" role="alert" data-testid="rule-error">
              {apiErrorText(create.error, bridge.language)}
            </Text>
          ) : null}
          <Box>
            <Button type="submit" colorPalette="brand" loading={create.isPending} data-testid="rule-save">
              {t('common.add')}
            </Button>
          </Box>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
