import { Box, Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import { apiErrorText, FormField, QueryState, SNACKBAR_TYPE } from '@pawline/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { campaignWrites, marketingTemplates, type AudienceFilters, type Campaign } from '../api/campaigns-api';
import type { CampaignsContext } from '../shared/campaign-context';
import { EMPTY_FORM, fieldsOf, filtersOf, formOf, formProblems, type CampaignForm } from '../shared/campaign-form';

/** How long the filters rest before the audience is counted again (each keystroke is not a request). */
export const COUNT_DELAY_MS = 300;

/**
 * R1.07 the live audience count: counted 300 ms after the filters last changed; a count is shown only for
 * the filters the form holds (an older answer arriving late is not the newest mutation, so it is dropped).
 */
function useAudienceCount(orga: string, store: string, filters: AudienceFilters) {
  const counting = useApiMutation('countCampaignAudience', { notifyFailure: false });
  const key = JSON.stringify(filters);
  const { mutate } = counting;
  useEffect(() => {
    const timer = setTimeout(
      () => mutate({ params: { orga, store }, body: { filters: JSON.parse(key) as AudienceFilters } }),
      COUNT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [mutate, orga, store, key]);
  const current = counting.variables !== undefined && JSON.stringify(counting.variables.body.filters) === key;
  if (!current || counting.isPending || counting.isIdle) return { status: 'counting' as const };
  if (counting.isError) return { status: 'error' as const, error: counting.error };
  return { status: 'ready' as const, count: counting.data.count };
}

/** R1.07 a new campaign, or a draft read first; a campaign already queued or sent is not a draft any more. */
export function CampaignFormPage({ ctx }: { ctx: CampaignsContext }) {
  const { t, bridge, orgaId, base } = ctx;
  const { campaignId } = useParams();
  const detail = useApiQuery('getCampaign', { params: { orga: orgaId, campaign: campaignId ?? '' } }, { enabled: !!campaignId });
  if (!campaignId) return <CampaignForm ctx={ctx} campaign={null} />;
  return (
    <QueryState query={detail} language={bridge.language} loadingLabel={t('campaigns.loading')} errorTitle={t('campaigns.loadFailed')}>
      {({ v: { setting } }) =>
        setting.state === 'draft' ? (
          // keyed: a change of the draft elsewhere does not overwrite what is being typed
          <CampaignForm key={setting.id} ctx={ctx} campaign={setting} />
        ) : (
          <Stack gap="3" data-testid="not-a-draft">
            <Text>{t('campaigns.notDraft')}</Text>
            <Box>
              <Button asChild variant="outline">
                <Link to={`${base}/${setting.id}`}>{t('campaigns.results')}</Link>
              </Button>
            </Box>
          </Stack>
        )
      }
    </QueryState>
  );
}

/**
 * R1.07 a draft campaign: name, send date or now, summary and the audience filters, with the audience
 * counted live while the filters change; saved as a draft, or queued (R4.13 'Message added to queue').
 */
function CampaignForm({ ctx, campaign }: { ctx: CampaignsContext; campaign: Campaign | null }) {
  const { t, bridge, orgaId, storeId, base } = ctx;
  const navigate = useNavigate();
  const [form, setForm] = useState<CampaignForm>(() => (campaign ? formOf(campaign) : EMPTY_FORM));
  const [saved, setSaved] = useState<Campaign | null>(campaign);
  const [touched, setTouched] = useState(false);
  // the customers' tags to exclude; without them the other filters still work
  const tags = useApiQuery('listTags', { params: { orga: orgaId }, query: { kind: 'customer' } }).data ?? [];
  // without the list the campaign goes with the built-in marketing template
  const templates = useApiQuery('listMessageTemplates', { params: { orga: orgaId } }, { select: marketingTemplates }).data ?? [];
  const count = useAudienceCount(orgaId, storeId, filtersOf(form));
  const store = { orga: orgaId, store: storeId };
  const create = useApiMutation('createCampaign', { invalidates: campaignWrites(orgaId, storeId) });
  const update = useApiMutation('updateCampaign', {
    invalidates: (_answer, input) => campaignWrites(orgaId, storeId, input.params.campaign),
  });
  const queueing = useApiMutation('queueCampaign', {
    invalidates: (_answer, input) => campaignWrites(orgaId, storeId, input.params.campaign),
    success: t('campaigns.stateQueued'),
  });
  const busy = create.isPending || update.isPending || queueing.isPending;

  const problems = formProblems(form);
  const err = (field: keyof CampaignForm) => (touched && problems[field] ? t(problems[field]) : null);
  const set = <K extends keyof CampaignForm>(field: K, value: CampaignForm[K]) => setForm((current) => ({ ...current, [field]: value }));

  const save = async (): Promise<Campaign | null> => {
    setTouched(true);
    if (Object.keys(problems).length > 0) return null;
    const body = fieldsOf(form);
    const written = saved
      ? await update.mutateAsync({ params: { ...store, campaign: saved.id }, body })
      : await create.mutateAsync({ params: store, body });
    setSaved(written);
    return written;
  };

  // a failed write is already the error snackbar (useApiMutation)
  const act = (then: (written: Campaign) => Promise<void>) =>
    void save()
      .then((written) => (written ? then(written) : undefined))
      .catch(() => undefined);

  const saveDraft = () =>
    act(async (written) => {
      bridge.notify(SNACKBAR_TYPE.success, t('campaigns.saved'));
      if (!campaign) await navigate(`${base}/${written.id}/edit`, { replace: true });
    });

  // R4.13 queued: 'Message added to queue'; then its results page
  const queue = () =>
    act(async (written) => {
      await queueing.mutateAsync({ params: { ...store, campaign: written.id } });
      await navigate(`${base}/${written.id}`);
    });

  return (
    <Stack gap="4" data-testid="campaign-form">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          {campaign ? t('campaigns.editTitle') : t('campaigns.newCampaign')}
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
            {count.status === 'error' ? <Text color="red.600">{apiErrorText(count.error, bridge.language)}</Text> : null}
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
