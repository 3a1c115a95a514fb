import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  organizationOf,
  organizationUserOf,
  personUserOf,
  storeOf,
  type ApiClient,
  type Language,
  type ShellBridge,
} from '@pawline/api-client';
import type { Appointment, RetailCommissionRule, RetailPayrollReport, RetailProduct, RetailSale, RetailStockRow } from '@pawline/contracts';
import { isLowStock, saleTotals } from '@pawline/domain';
import { pawlineSystem } from '@pawline/ui';
import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CounterRoutes } from '../routes';

// two shared cores run every suite of the workspace: a page may take longer than a second to answer
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(60_000);

export const ORGA = '22222222-2222-4222-8222-222222222222';
export const STORE = '33333333-3333-4333-8333-333333333333';
export const BASE = `/${ORGA}/store/${STORE}/counter`;
export const GROOMER = '44444444-4444-4444-8444-444444444444';

let next = 0;
const uuid = () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;

export const productOf = (fields: Partial<RetailProduct> & Pick<RetailProduct, 'name' | 'price_cents'>): RetailProduct => ({
  id: uuid(),
  orga_id: ORGA,
  brand: '',
  barcode: null,
  category: '',
  vat_rate_bp: 2200,
  cost_cents: null,
  supplier_id: null,
  archived: false,
  ...fields,
});

type Stock = { on_hand: number; reorder_level: number };

/**
 * The retail routes of the gateway over an in-memory catalogue and stock, answering as the service does
 * (the stock list with its low flag, a sale priced by the domain rule, 409 out_of_stock), or failing the
 * next reads on demand.
 */
export function retailGateway(products: RetailProduct[], stock: Record<string, Stock> = {}) {
  // the signed-in person (u1) is the organization's administrator unless a test lowers her rank
  const state = {
    products,
    stock,
    failures: 0,
    sales: [] as RetailSale[],
    rank: 1,
    // a check-out's appointment (scheduling's answer), the commission rules and the payroll the server computed
    appointment: null as Appointment | null,
    treatments: [] as string[],
    rules: [] as RetailCommissionRule[],
    payroll: null as RetailPayrollReport | null,
    payrollQueries: [] as string[],
  };
  const rowOf = (product: RetailProduct): RetailStockRow => {
    const level = state.stock[product.id] ?? { on_hand: 0, reorder_level: 0 };
    return {
      product_id: product.id,
      store_id: STORE,
      name: product.name,
      brand: product.brand,
      barcode: product.barcode,
      category: product.category,
      price_cents: product.price_cents,
      ...level,
      low: isLowStock(level.on_hand, level.reorder_level),
    };
  };
  const level = (id: string) => (state.stock[id] ??= { on_hand: 0, reorder_level: 0 });
  const requests = fakeGatewayFetch(({ method, path, body }, url) => {
    const input = body as Record<string, unknown>;
    if (method === 'GET' && state.failures > 0 && path.includes('/retail/')) {
      state.failures -= 1;
      return { status: 500, body: { code: 'internal', message: 'Errore del server.' } };
    }
    const live = state.products.filter((product) => !product.archived);
    if (method === 'GET' && path === `/api/v1/orga/${ORGA}`) {
      return {
        body: organizationOf({
          id: ORGA,
          stores: [storeOf({ id: STORE, orga_id: ORGA, country: 'IT' })],
          users: [
            organizationUserOf({ user_id: 'u1', first_name: 'Anna', last_name: 'Rossi', orga_rank: state.rank, store_override: {} }),
            organizationUserOf({ user_id: GROOMER, first_name: 'Bruno', last_name: 'Zampè', orga_rank: 3, store_override: {} }),
          ],
        }),
      };
    }
    if (method === 'GET' && path === `/api/v1/orga/${ORGA}/retail/products`) {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return { body: live.filter((product) => product.name.toLowerCase().includes(search) || (product.barcode ?? '').startsWith(search)) };
    }
    if (method === 'POST' && path === `/api/v1/orga/${ORGA}/retail/product`) {
      const created = productOf(input as RetailProduct);
      state.products.push(created);
      return { status: 201, body: created };
    }
    if (method === 'GET' && path === `/api/v1/orga/${ORGA}/store/${STORE}/retail/stock`) {
      const rows = live.map(rowOf);
      return { body: url.searchParams.get('low') === 'true' ? rows.filter((row) => row.low) : rows };
    }
    const store = `/api/v1/orga/${ORGA}/store/${STORE}/retail`;
    if (method === 'GET' && state.appointment && path === `/api/v1/orga/${ORGA}/store/${STORE}/appointment/${state.appointment.id}`) {
      const treatments = state.treatments.map((name) => ({ appointment_id: state.appointment?.id ?? '', treatment_id: uuid(), name }));
      return { body: { items: [state.appointment], treatments, pets: [] } };
    }
    if (method === 'GET' && path === `${store}/payroll`) {
      state.payrollQueries.push(url.search);
      return { body: state.payroll };
    }
    if (method === 'GET' && path === `/api/v1/orga/${ORGA}/retail/commission_rules`) return { body: state.rules };
    if (method === 'PUT' && path.startsWith(`/api/v1/orga/${ORGA}/retail/commission_rule/`)) {
      const rule = { user_id: path.split('/').at(-1) ?? '', ...(input as Omit<RetailCommissionRule, 'user_id'>) };
      state.rules = [...state.rules.filter((row) => row.user_id !== rule.user_id), rule];
      return { body: rule };
    }
    if (method === 'POST' && (path === `${store}/stock/receipt` || path === `${store}/stock/count`)) {
      const product = live.find((candidate) => candidate.id === input['product_id']);
      if (!product) return { status: 400, body: { code: 'product_unavailable', message: 'Prodotto non disponibile.' } };
      const balance = level(product.id);
      balance.on_hand = path.endsWith('receipt') ? balance.on_hand + Number(input['quantity']) : Number(input['counted']);
      return { status: 201, body: rowOf(product) };
    }
    if (method === 'POST' && path === `${store}/sale`) {
      const lines = (input['lines'] ?? []) as {
        product_id: string;
        quantity: number;
        discount?: RetailSale['lines'][number]['discount'];
      }[];
      const chosen = lines.map((line) => live.find((product) => product.id === line.product_id) as RetailProduct);
      if (lines.some((line, index) => level(chosen[index]?.id ?? '').on_hand < line.quantity))
        return { status: 409, body: { code: 'out_of_stock', message: "Non c'è abbastanza di questo prodotto in magazzino." } };
      const products = lines.map((line, index) => ({
        unit_price_cents: chosen[index]?.price_cents ?? 0,
        quantity: line.quantity,
        vat_rate_bp: chosen[index]?.vat_rate_bp ?? 0,
        discount: line.discount ?? null,
      }));
      const appointment = input['appointment_id'] ? state.appointment : null;
      const service = appointment
        ? [
            {
              unit_price_cents: appointment.price,
              quantity: 1,
              vat_rate_bp: Number(input['service_vat_rate_bp']),
              discount:
                (input['service_discount'] as RetailSale['lines'][number]['discount'] | undefined) ??
                (appointment.discount > 0 ? { kind: 'amount' as const, cents: appointment.discount } : null),
            },
          ]
        : [];
      const totals = saleTotals([...service, ...products]);
      const tips = (input['tips'] ?? []) as { user_id: string; cents: number }[];
      if (appointment) state.appointment = { ...appointment, checked_out: true };
      lines.forEach((line) => (level(line.product_id).on_hand -= line.quantity));
      const sale = {
        id: uuid(),
        orga_id: ORGA,
        store_id: STORE,
        payment_method: input['payment_method'],
        appointment_id: appointment?.id ?? null,
        tips,
        paid_cents: totals.total_cents + tips.reduce((acc, tip) => acc + tip.cents, 0),
        fiscal_document: `SANDBOX-${String(state.sales.length + 1).padStart(4, '0')}`,
        gross_cents: totals.gross_cents,
        discount_cents: totals.discount_cents,
        total_cents: totals.total_cents,
        vat_cents: totals.vat_cents,
        refunded_cents: 0,
        by_rate: totals.by_rate,
        lines: [],
        created_by: null,
        created_at: '2027-03-08T10:00:00.000Z',
      } as unknown as RetailSale;
      state.sales.push(sale);
      return { status: 201, body: sale };
    }
    if (method === 'GET' && path.startsWith(`${store}/sale/`) && path.endsWith('/receipt.pdf')) return { body: '%PDF-1.3' };
    return undefined;
  });
  return { state, requests };
}

/** The counter mounted as the shell mounts it, at `path` under its store route. */
export function renderCounter(path: string, language: Language) {
  const { Shell } = fakeShell();
  const bridge: ShellBridge = {
    api: { deviceId: 'dev', freshAccessToken: async () => 'token', refresh: async () => null } as unknown as ApiClient,
    user: personUserOf({ id: 'u1', first_name: 'Anna', orga_id: ORGA, language }),
    language,
    notify: jest.fn(),
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
  };
  const view = render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/:orgaId/store/:storeId/counter/*" element={<CounterRoutes {...bridge} />} />
          </Routes>
        </MemoryRouter>
      </ChakraProvider>
    </Shell>,
  );
  return { bridge, ...view };
}
