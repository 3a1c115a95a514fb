import { Box, Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { ErrorState, FormField, LoadingState, SNACKBAR_TYPE } from '@pawline/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AudienceFilters, Campaign, CustomerTag, MessageTemplate } from '../api/campaigns-api';
import { errorTextIn, type CampaignsContext } from '../shared/campaign-context';
import { EMPTY_FORM, fieldsOf, filtersOf, formOf, formProblems, type CampaignForm } from '../shared/campaign-form';

/** How long the filters rest before the audience is counted again (each keystroke is not a request). */
export const COUNT_DELAY_MS = 300;

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; campaign: Campaign | null };
type Count = { status: 'counting' } | { status: 'ready'; count: number } | { status: 'error'; message: string };

/**
 * R1.07 a draft campaign: name, send date or now, summary and the audience filters, with the audience
 * counted live while the filters change; saved as a draft, or queued (R4.13 'Message added to queue').
 */
export function CampaignFormPage({ ctx }: { ctx: CampaignsContext }) {
  const { api, t, bridge, base } = ctx;
  const { campaignId } = useParams();
  const navigate = useNavigate();
  const errorText = useMemo(() => errorTextIn(t), [t]);
  const [load, setLoad] = useState<Load>(campaignId ? { status: 'loading' } : { status: 'ready', campaign: null });
  const [form, setForm] = useState<CampaignForm>(EMPTY_FORM);
  const [tags, setTags] = useState<CustomerTag[]>([]);
  const [templates, setTemplates] = useState<MessageTemplate[]>([]);
  const [count, setCount] = useState<Count>({ status: 'counting' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!campaignId) return undefined;
    let active = true;
    setLoad({ status: 'loading' });
    api.get(campaignId).then(
      (detail) => {
        if (!active) return;
        setForm(formOf(detail.setting));
        setLoad({ status: 'ready', campaign: detail.setting });
      },
      (error: unknown) => active && setLoad({ status: 'error', message: errorText(error) }),
    );
    return () => {
      active = false;
    };
  }, [api, campaignId, errorText, attempt]);

  // the customers' tags to exclude; without them the other filters still work
  useEffect(() => {
    let active = true;
    api.tags().then(
      (list) => active && setTags(list),
      () => undefined,
    );
    // without the list the campaign goes with the built-in marketing template
    api.marketingTemplates().then(
      (list) => active && setTemplates(list),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [api]);

  // R1.07 the live audience count: the newest filters win, an older answer arriving late is dropped
  const filtersKey = JSON.stringify(filtersOf(form));
  const asked = useRef(0);
  useEffect(() => {
    const mine = ++asked.current;
    setCount({ status: 'counting' });
    const timer = setTimeout(() => {
      api.count(JSON.parse(filtersKey) as AudienceFilters).then(
        (n) => mine === asked.current && setCount({ status: 'ready', count: n }),
        (error: unknown) => mine === asked.current && setCount({ status: 'error', message: errorText(error) }),
      );
    }, COUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, filtersKey, errorText]);

  const problems = formProblems(form);
  const err = (field: keyof CampaignForm) => (touched && problems[field] ? t(problems[field]) : null);
  const set = <K extends keyof CampaignForm>(field: K, value: CampaignForm[K]) => setForm((current) => ({ ...current, [field]: value }));

  const save = async (): Promise<Campaign | null> => {
    setTouched(true);
    if (Object.keys(problems).length > 0) return null;
    const fields = fieldsOf(form);
    const saved = load.status === 'ready' && load.campaign ? await api.update(load.campaign.id, fields) : await api.create(fields);
    setLoad({ status: 'ready', campaign: saved });
    return saved;
  };

  const act = (then: (saved: Campaign) => Promise<void>) => {
    setBusy(true);
    save()
      .then((saved) => (saved ? then(saved) : undefined))
      .catch((error: unknown) => bridge.notify(SNACKBAR_TYPE.error, errorText(error)))
      .finally(() => setBusy(false));
  };

  const saveDraft = () =>
    act(async (saved) => {
      bridge.notify(SNACKBAR_TYPE.success, t('campaigns.saved'));
      if (!campaignId) await navigate(`${base}/${saved.id}/edit`, { replace: true });
    });

  // R4.13 queued: 'Message added to queue'; then its results page
  const queue = () =>
    act(async (saved) => {
      await api.queue(saved.id);
      bridge.notify(SNACKBAR_TYPE.success, t('campaigns.stateQueued'));
      await navigate(`${base}/${saved.id}`);
    });

  if (load.status === 'loading') return <LoadingState label={t('campaigns.loading')} />;
  if (load.status === 'error')
    return (
      <ErrorState
        title={t('campaigns.loadFailed')}
        message={load.message}
        retryLabel={t('campaigns.retry')}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  if (load.campaign && load.campaign.state !== 'draft')
    return (
      <Stack gap="3" data-testid="not-a-draft">
        <Text>{t('campaigns.notDraft')}</Text>
        <Box>
          <Button asChild variant="outline">
            <Link to={`${base}/${load.campaign.id}`}>{t('campaigns.results')}</Link>
          </Button>
        </Box>
      </Stack>
    );

  return (
    <Stack gap="4" data-testid="campaign-form">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          {load.campaign ? t('campaigns.editTitle') : t('campaigns.newCampaign')}
        </Heading>
        <Button asChild variant="ghost">
          <Link to={base}>{`← ${t('campaigns.title')}`}</Link>
        </Button>
      </HStack>
      <Card.Root>
        <Card.Body gap="3">
          <FormField label={t('campaigns.name')} error={err('name')} required>
            <Input name="name" value={form.name} maxLength={200} onChange={(e) => set('name', e.target.value)} />
          </FormField>
          <FormField label={t('campaigns.summary')}>
            <Textarea name="summary" value={form.summary} maxLength={1000} onChange={(e) => set('summary', e.target.value)} />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label={t('campaigns.when')}>
              <NativeSelect.Root>
                <NativeSelect.Field name="when" value={form.when} onChange={(e) => set('when', e.target.value as CampaignForm['when'])}>
                  <option value="now">{t('campaigns.sendNow')}</option>
                  <option value="date">{t('campaigns.sendAtDate')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            {form.when === 'date' ? (
              <FormField label={t('campaigns.sendAt')} error={err('sendAt')} required>
                <Input name="sendAt" type="datetime-local" value={form.sendAt} onChange={(e) => set('sendAt', e.target.value)} />
              </FormField>
            ) : null}
          </SimpleGrid>
          <FormField label={t('campaigns.template')} helper={t('campaigns.templateHelp')}>
            <NativeSelect.Root>
              <NativeSelect.Field name="templateId" value={form.templateId} onChange={(e) => set('templateId', e.target.value)}>
                <option value="">{t('campaigns.templateBuiltIn')}</option>
                {templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.title || template.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body gap="3">
          <Heading as="h3" size="md">
            {t('campaigns.audience')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('campaigns.consentOnly')}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <NumberField ctx={ctx} field="monthsAbsent" form={form} set={set} err={err} />
            <NumberField ctx={ctx} field="recentVisits" form={form} set={set} err={err} />
            <NumberField ctx={ctx} field="minVisits" form={form} set={set} err={err} />
            <NumberField ctx={ctx} field="maxDeclines" form={form} set={set} err={err} />
          </SimpleGrid>
          <FormField label={t('campaigns.cities')} helper={t('campaigns.citiesHelp')}>
            <Input name="cities" value={form.cities} onChange={(e) => set('cities', e.target.value)} />
          </FormField>
          <Box>
            <Text fontWeight="medium" mb="1">
              {t('campaigns.excludedTags')}
            </Text>
            {tags.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('campaigns.noTags')}
              </Text>
            ) : (
              <HStack wrap="wrap" gap="2">
                {tags.map((tag) => {
                  const excluded = form.excludedTagIds.includes(tag.id);
                  return (
                    <Button
                      key={tag.id}
                      size="xs"
                      variant={excluded ? 'solid' : 'outline'}
                      colorPalette={excluded ? 'red' : 'gray'}
                      aria-pressed={excluded}
                      data-testid="tag-toggle"
                      onClick={() =>
                        set(
                          'excludedTagIds',
                          excluded ? form.excludedTagIds.filter((id) => id !== tag.id) : [...form.excludedTagIds, tag.id],
                        )
                      }
                    >
                      {`${tag.emoji ?? ''} ${tag.name}`.trim()}
                    </Button>
                  );
                })}
              </HStack>
            )}
          </Box>
          <Box role="status" aria-live="polite" data-testid="audience-count">
            {count.status === 'counting' ? <Text color="fg.muted">{t('campaigns.counting')}</Text> : null}
            {count.status === 'ready' ? <Text fontWeight="semibold">{t('campaigns.audienceCount', { count: count.count })}</Text> : null}
            {count.status === 'error' ? <Text color="red.600">{count.message}</Text> : null}
          </Box>
        </Card.Body>
      </Card.Root>
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={saveDraft} loading={busy} data-testid="save-draft">
          {t('campaigns.saveDraft')}
        </Button>
        <Button colorPalette="brand" onClick={queue} loading={busy} data-testid="queue-campaign">
          {form.when === 'now' ? t('campaigns.sendNowAction') : t('campaigns.queueAction')}
        </Button>
      </HStack>
    </Stack>
  );
}

const NUMBER_LABELS = {
  monthsAbsent: 'campaigns.monthsAbsent',
  recentVisits: 'campaigns.recentVisits',
  minVisits: 'campaigns.minVisits',
  maxDeclines: 'campaigns.maxDeclines',
} as const;

function NumberField({
  ctx,
  field,
  form,
  set,
  err,
}: {
  ctx: CampaignsContext;
  field: keyof typeof NUMBER_LABELS;
  form: CampaignForm;
  set: (field: keyof typeof NUMBER_LABELS, value: string) => void;
  err: (field: keyof CampaignForm) => string | null;
}) {
  return (
    <FormField label={ctx.t(NUMBER_LABELS[field])} helper={ctx.t(`${NUMBER_LABELS[field]}Help`)} error={err(field)}>
      <Input name={field} inputMode="numeric" value={form[field]} onChange={(e) => set(field, e.target.value)} />
    </FormField>
  );
}
