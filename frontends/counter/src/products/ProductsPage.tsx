import { Button, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import { keepPreviousData } from '@tanstack/react-query';
import type { RetailProduct } from '@pawline/contracts';
import { formatAmount, isOrgaAdmin, orgaMemberOf, parseAmount, vatRateBp } from '@pawline/domain';
import { EmptyState, FormField, QueryState } from '@pawline/ui';
import { useState } from 'react';
import { money, productWrites, vatPercent, type CounterContext } from '../shared/counter-context';

type Draft = { name: string; brand: string; barcode: string; category: string; price: string; vat: string; cost: string };

const EMPTY: Draft = { name: '', brand: '', barcode: '', category: '', price: '', vat: '22', cost: '' };

const draftOf = (product: RetailProduct, language: string): Draft => ({
  name: product.name,
  brand: product.brand,
  barcode: product.barcode ?? '',
  category: product.category,
  price: formatAmount(product.price_cents, { pad: true }),
  vat: vatPercent(product.vat_rate_bp, language).replace(/\s/g, ''),
  cost: product.cost_cents === null ? '' : formatAmount(product.cost_cents, { pad: true }),
});

/** The field problems of a draft, by field (checked here so that the person sees them before sending). */
export function draftProblems(draft: Draft): Partial<Record<'name' | 'price' | 'vat', 'nameRequired' | 'priceInvalid' | 'vatInvalid'>> {
  return {
    ...(draft.name.trim() ? {} : { name: 'nameRequired' as const }),
    ...(/^\d+([.,]\d{1,2})?$/.test(draft.price.trim()) ? {} : { price: 'priceInvalid' as const }),
    ...(vatRateBp(draft.vat) === null ? { vat: 'vatInvalid' as const } : {}),
  };
}

/** Issue 32: the organization's products, searched by name, brand or barcode, with their editor. */
export function ProductsPage({ ctx }: { ctx: CounterContext }) {
  const { t, bridge, orgaId } = ctx;
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<RetailProduct | 'new' | null>(null);
  // the catalogue is the organization's: its administrators change it (the server refuses the others too)
  const orga = useApiQuery('getOrga', { params: { orga: orgaId } });
  const member = orgaMemberOf(orga.data, bridge.user.id);
  const admin = member !== null && isOrgaAdmin(member);
  // the list stays on screen while a search types on: the next answer replaces it
  const products = useApiQuery(
    'listRetailProducts',
    { params: { orga: orgaId }, query: search.trim() ? { search: search.trim() } : {} },
    { placeholderData: keepPreviousData },
  );
  const archive = useApiMutation('archiveRetailProduct', { invalidates: productWrites(orgaId), success: t('counter.archived') });
  return (
    <Stack gap="4" data-testid="counter-products">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md">
          {t('counter.tabProducts')}
        </Heading>
        {admin ? (
          <Button onClick={() => setEditing('new')} data-testid="product-new">
            {t('counter.newProduct')}
          </Button>
        ) : null}
      </HStack>
      {admin && editing ? (
        <ProductEditor
          key={editing === 'new' ? 'new' : editing.id}
          ctx={ctx}
          product={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <FormField label={t('counter.search')}>
        <Input value={search} onChange={(event) => setSearch(event.target.value)} data-testid="product-search" />
      </FormField>
      <QueryState
        query={products}
        language={bridge.language}
        errorTitle={t('counter.loadFailed')}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t('counter.productsEmpty')} description={t('counter.productsEmptyHint')} />}
      >
        {(rows) => (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="products-table" aria-label={t('counter.productsTable')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('counter.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('counter.barcode')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('counter.price')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('counter.vatRate')}</Table.ColumnHeader>
                  {admin ? <Table.ColumnHeader>{t('counter.actions')}</Table.ColumnHeader> : null}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((product) => (
                  <Table.Row key={product.id} data-testid={`product-${product.id}`}>
                    <Table.Cell>
                      <Text fontWeight="medium">{product.name}</Text>
                      <Text fontSize="sm">{[product.brand, product.category].filter(Boolean).join(' · ')}</Text>
                    </Table.Cell>
                    <Table.Cell>{product.barcode ?? ''}</Table.Cell>
                    <Table.Cell textAlign="end">{money(product.price_cents, bridge.language)}</Table.Cell>
                    <Table.Cell textAlign="end">{vatPercent(product.vat_rate_bp, bridge.language)}</Table.Cell>
                    {admin ? (
                      <Table.Cell>
                        <HStack gap="2">
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() => setEditing(product)}
                            aria-label={t('counter.editProduct', { name: product.name })}
                          >
                            {t('counter.edit')}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            loading={archive.isPending && archive.variables?.params.id === product.id}
                            onClick={() => archive.mutate({ params: { orga: orgaId, id: product.id } })}
                            aria-label={`${t('counter.archive')} ${product.name}`}
                          >
                            {t('counter.archive')}
                          </Button>
                        </HStack>
                      </Table.Cell>
                    ) : null}
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

/** Adds a product, or changes one; prices are typed as a person types them (12,20) and sent as cents. */
function ProductEditor({ ctx, product, onDone }: { ctx: CounterContext; product: RetailProduct | null; onDone: () => void }) {
  const { t, bridge, orgaId } = ctx;
  const [draft, setDraft] = useState<Draft>(() => (product ? draftOf(product, bridge.language) : EMPTY));
  const [tried, setTried] = useState(false);
  const create = useApiMutation('createRetailProduct', { invalidates: productWrites(orgaId), success: t('counter.saved') });
  const update = useApiMutation('updateRetailProduct', { invalidates: productWrites(orgaId), success: t('counter.saved') });
  const problems = draftProblems(draft);
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value })),
    'data-testid': `product-${key}`,
  });
  const save = async () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const body = {
      name: draft.name.trim(),
      brand: draft.brand.trim(),
      barcode: draft.barcode.trim() || null,
      category: draft.category.trim(),
      price_cents: parseAmount(draft.price),
      vat_rate_bp: vatRateBp(draft.vat) ?? 0,
      cost_cents: draft.cost.trim() ? parseAmount(draft.cost) : null,
    };
    if (product) await update.mutateAsync({ params: { orga: orgaId, id: product.id }, body });
    else await create.mutateAsync({ params: { orga: orgaId }, body });
    onDone();
  };
  const shown = (key: 'name' | 'price' | 'vat') => (tried && problems[key] ? t(`counter.${problems[key]}`) : null);
  return (
    <form
      noValidate
      data-testid="product-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save().catch(() => undefined);
      }}
    >
      <Stack gap="3" borderWidth="1px" rounded="md" p="4">
        <Heading as="h3" size="sm">
          {product ? t('counter.editProduct', { name: product.name }) : t('counter.newProduct')}
        </Heading>
        <FormField label={t('counter.name')} required error={shown('name')}>
          <Input {...field('name')} />
        </FormField>
        <HStack gap="3" align="start" wrap="wrap">
          <FormField label={t('counter.brand')}>
            <Input {...field('brand')} />
          </FormField>
          <FormField label={t('counter.category')}>
            <Input {...field('category')} />
          </FormField>
          <FormField label={t('counter.barcode')}>
            <Input {...field('barcode')} inputMode="numeric" />
          </FormField>
        </HStack>
        <HStack gap="3" align="start" wrap="wrap">
          <FormField label={t('counter.price')} required error={shown('price')}>
            <Input {...field('price')} inputMode="decimal" />
          </FormField>
          <FormField label={t('counter.vatRate')} required error={shown('vat')}>
            <Input {...field('vat')} inputMode="decimal" />
          </FormField>
          <FormField label={t('counter.cost')}>
            <Input {...field('cost')} inputMode="decimal" />
          </FormField>
        </HStack>
        <HStack gap="2">
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="product-save">
            {t('counter.save')}
          </Button>
          <Button variant="outline" onClick={onDone}>
            {t('counter.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
