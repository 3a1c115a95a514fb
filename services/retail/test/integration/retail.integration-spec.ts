import { cancelOrgaRpc, type EventEnvelope, type RetailProduct, type RetailSale, type RetailStockRow } from '@pawline/contracts';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { retailService } from '../../src/retail.service-definition';
import { TEST_SECRET, gatewayCaller, signUp, type Salon } from './retail-test-helpers';

jest.setTimeout(180_000);

describe('retail service: catalogue, stock, counter (real Postgres, NATS and gateway)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let jurgen: Salon;
  let annaStore2 = '';
  const published: EventEnvelope[] = [];
  const http = gatewayCaller(() => base);
  const orgaPath = (salon: Salon) => `/orga/${salon.orgaId}/retail`;
  const storePath = (salon: Salon, store = salon.storeId) => `/orga/${salon.orgaId}/store/${store}/retail`;

  const product = async (salon: Salon, fields: Record<string, unknown>): Promise<RetailProduct> => {
    const reply = await http(salon, 'POST', `${orgaPath(salon)}/product`, { vat_rate_bp: 2200, ...fields });
    expect(reply.status).toBe(201);
    return reply.body as unknown as RetailProduct;
  };
  const receive = async (salon: Salon, productId: string, quantity: number, store = salon.storeId) => {
    const reply = await http(salon, 'POST', `${storePath(salon, store)}/stock/receipt`, { product_id: productId, quantity });
    expect(reply.status).toBe(201);
    return reply.body as unknown as RetailStockRow;
  };
  const stockOf = async (salon: Salon, productId: string, store = salon.storeId) => {
    const reply = await http(salon, 'GET', `${storePath(salon, store)}/stock?search=`);
    expect(reply.status).toBe(200);
    return (reply.body as unknown as RetailStockRow[]).find((row) => row.product_id === productId);
  };
  /** The truth: the sum of the movements, and the balance row kept beside it. */
  const ledger = async (store: string, productId: string) => {
    const [sum] = await env.query<{ n: string }>(
      `SELECT COALESCE(sum(quantity), 0) AS n FROM retail.stock_movement WHERE store_id = $1 AND product_id = $2`,
      [store, productId],
    );
    const [level] = await env.query<{ on_hand: number }>(`SELECT on_hand FROM retail.stock_level WHERE store_id = $1 AND product_id = $2`, [
      store,
      productId,
    ]);
    return { movements: Number(sum?.n), balance: level?.on_hand ?? 0 };
  };
  const sell = (salon: Salon, lines: unknown[], payment_method = 'cash') =>
    http(salon, 'POST', `${storePath(salon)}/sale`, { payment_method, lines });
  const eventAbout = async (subject: string, id: string) => {
    for (let i = 0; i < 100 && !published.some((e) => e.subject === subject && JSON.stringify(e.data).includes(id)); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return published.find((e) => e.subject === subject && JSON.stringify(e.data).includes(id));
  };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    service = await env.start(retailService, { httpPort: 0 });
    process.env['PAWLINE_SERVICES'] = 'identity,retail';
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    const events = env.nats().subscribe(`${env.subjectPrefix}evt.retail.>`);
    void (async () => {
      for await (const message of events) published.push(JSON.parse(message.string()) as EventEnvelope);
    })();
    anna = await signUp(env, client, 'Anna');
    jurgen = await signUp(env, client, 'Jurgen');
    const store2 = await http(anna, 'POST', `/orga/${anna.orgaId}/store`, { name: 'Anna Centro', country: 'IT', address_from_orga: true });
    expect(store2.status).toBe(201);
    annaStore2 = String(store2.body['id']);
  });

  afterAll(async () => {
    await env.dispose();
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(`${service.httpUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'up', service: 'retail', checks: { postgres: 'up', nats: 'up' } });
  });

  it('keeps a catalogue per organization: search by name or barcode, a barcode once per organization, archive', async () => {
    const shampoo = await product(anna, {
      name: 'Shampoo Avena',
      brand: 'Iv San Bernard',
      barcode: '8022767010017',
      category: 'Shampoo',
      price_cents: 1220,
      cost_cents: 610,
    });
    expect(shampoo).toMatchObject({
      orga_id: anna.orgaId,
      barcode: '8022767010017',
      price_cents: 1220,
      vat_rate_bp: 2200,
      archived: false,
    });
    const clash = await http(anna, 'POST', `${orgaPath(anna)}/product`, {
      name: 'Other',
      barcode: '8022767010017',
      price_cents: 100,
      vat_rate_bp: 2200,
    });
    expect(clash).toMatchObject({
      status: 409,
      body: { code: 'barcode_taken', message: 'Un altro prodotto ha già questo codice a barre.' },
    });
    // another organization may sell the same article with the same barcode
    expect((await product(jurgen, { name: 'Shampoo Avena', barcode: '8022767010017', price_cents: 1190, vat_rate_bp: 1900 })).orga_id).toBe(
      jurgen.orgaId,
    );

    const byBarcode = await http(anna, 'GET', `${orgaPath(anna)}/products?search=80227670`);
    expect((byBarcode.body as unknown as RetailProduct[]).map((p) => p.id)).toEqual([shampoo.id]);
    const byName = await http(anna, 'GET', `${orgaPath(anna)}/products?search=avena`);
    expect((byName.body as unknown as RetailProduct[]).map((p) => p.id)).toEqual([shampoo.id]);

    const changed = await http(anna, 'PUT', `${orgaPath(anna)}/product/${shampoo.id}`, { price_cents: 1290 });
    expect(changed).toMatchObject({ status: 200, body: { id: shampoo.id, price_cents: 1290, name: 'Shampoo Avena' } });
    expect((await http(anna, 'PUT', `${orgaPath(anna)}/product/${shampoo.id}`, { price_cents: -1 })).body.code).toBe('validation_failed');

    const brush = await product(anna, { name: 'Spazzola', price_cents: 999 });
    expect((await http(anna, 'DELETE', `${orgaPath(anna)}/product/${brush.id}`)).body).toMatchObject({ archived: true });
    expect(((await http(anna, 'GET', `${orgaPath(anna)}/products`)).body as unknown as RetailProduct[]).map((p) => p.id)).not.toContain(
      brush.id,
    );
    expect(
      ((await http(anna, 'GET', `${orgaPath(anna)}/products?include_archived=true`)).body as unknown as RetailProduct[]).map((p) => p.id),
    ).toContain(brush.id);
    expect((await sell(anna, [{ product_id: brush.id, quantity: 1 }])).body.code).toBe('product_unavailable');

    const supplier = await http(anna, 'POST', `${orgaPath(anna)}/supplier`, {
      name: 'Grossista Nord',
      contact: 'ordini@grossista.example',
    });
    expect(supplier).toMatchObject({ status: 201, body: { name: 'Grossista Nord' } });
    expect((await http(anna, 'GET', `${orgaPath(anna)}/suppliers`)).body).toEqual([supplier.body]);
  });

  it('moves stock only by movements: receipt, count, transfer as two linked movements, each with who and when', async () => {
    const conditioner = await product(anna, { name: 'Balsamo', price_cents: 1500 });
    expect(await receive(anna, conditioner.id, 5)).toMatchObject({ on_hand: 5, reorder_level: 0, low: false });
    const counted = await http(anna, 'POST', `${storePath(anna)}/stock/count`, {
      product_id: conditioner.id,
      counted: 3,
      note: 'inventario',
    });
    expect(counted).toMatchObject({ status: 201, body: { on_hand: 3 } });
    const moved = await http(anna, 'POST', `${storePath(anna)}/stock/transfer`, {
      product_id: conditioner.id,
      to_store_id: annaStore2,
      quantity: 2,
    });
    expect(moved).toMatchObject({ status: 201, body: { from: { on_hand: 1 }, to: { on_hand: 2, store_id: annaStore2 } } });
    const tooMany = await http(anna, 'POST', `${storePath(anna)}/stock/transfer`, {
      product_id: conditioner.id,
      to_store_id: annaStore2,
      quantity: 2,
    });
    expect(tooMany).toMatchObject({ status: 409, body: { code: 'out_of_stock' } });
    const sameStore = await http(anna, 'POST', `${storePath(anna)}/stock/transfer`, {
      product_id: conditioner.id,
      to_store_id: anna.storeId,
      quantity: 1,
    });
    expect(sameStore.status).toBe(400);
    const otherSalonsStore = await http(anna, 'POST', `${storePath(anna)}/stock/transfer`, {
      product_id: conditioner.id,
      to_store_id: jurgen.storeId,
      quantity: 1,
    });
    expect(otherSalonsStore.status).toBe(403);

    const history = await http(anna, 'GET', `${storePath(anna)}/product/${conditioner.id}/movements`);
    const movements = history.body as unknown as {
      kind: string;
      quantity: number;
      actor_user_id: string;
      transfer_id: string | null;
      created_at: string;
    }[];
    expect(movements.map((m) => [m.kind, m.quantity])).toEqual([
      ['transfer_out', -2],
      ['count', -2],
      ['receipt', 5],
    ]);
    expect(movements.every((m) => m.actor_user_id === anna.userId && !Number.isNaN(Date.parse(m.created_at)))).toBe(true);
    const [incoming] = (await http(anna, 'GET', `${storePath(anna, annaStore2)}/product/${conditioner.id}/movements`))
      .body as unknown as typeof movements;
    expect(incoming).toMatchObject({ kind: 'transfer_in', quantity: 2, transfer_id: movements[0]?.transfer_id });
    expect(await ledger(anna.storeId, conditioner.id)).toEqual({ movements: 1, balance: 1 });
    expect(await ledger(annaStore2, conditioner.id)).toEqual({ movements: 2, balance: 2 });

    const level = await http(anna, 'PUT', `${storePath(anna)}/product/${conditioner.id}/reorder_level`, { reorder_level: 1 });
    expect(level).toMatchObject({ status: 200, body: { on_hand: 1, reorder_level: 1, low: true } });
    const low = (await http(anna, 'GET', `${storePath(anna)}/stock?low=true`)).body as unknown as RetailStockRow[];
    expect(low.map((row) => row.product_id)).toContain(conditioner.id);
    const lowInStore2 = (await http(anna, 'GET', `${storePath(anna, annaStore2)}/stock?low=true`)).body as unknown as RetailStockRow[];
    expect(lowInStore2.map((row) => row.product_id)).not.toContain(conditioner.id);
    expect(await eventAbout('evt.retail.stock.changed.v1', conditioner.id)).toMatchObject({
      orgaId: anna.orgaId,
      data: { product_id: conditioner.id },
    });
  });

  it('sells the last unit once when two counter sales arrive together: one 201, one 409 out_of_stock', async () => {
    const treats = await product(anna, { name: 'Snack Pollo', price_cents: 350, vat_rate_bp: 1000 });
    await receive(anna, treats.id, 1);
    for (let round = 0; round < 3; round += 1) {
      const replies = await Promise.all([0, 1].map(() => sell(anna, [{ product_id: treats.id, quantity: 1 }], 'card')));
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses).toEqual([201, 409]);
      expect(replies.find((reply) => reply.status === 409)?.body).toMatchObject({
        code: 'out_of_stock',
        message: "Non c'è abbastanza di questo prodotto in magazzino. Forse qualcuno ha appena venduto l'ultimo.",
      });
      expect(await ledger(anna.storeId, treats.id)).toEqual({ movements: 0, balance: 0 });
      await receive(anna, treats.id, 1);
    }
    const sales = await env.query<{ n: string }>(`SELECT count(*) AS n FROM retail.sale_line WHERE product_id = $1`, [treats.id]);
    expect(Number(sales[0]?.n)).toBe(3);
  });

  it('keeps on hand equal to the sum of movements when a count races sales', async () => {
    const collar = await product(anna, { name: 'Collare', price_cents: 2500 });
    await receive(anna, collar.id, 10);
    const replies = await Promise.all([
      sell(anna, [{ product_id: collar.id, quantity: 3 }]),
      http(anna, 'POST', `${storePath(anna)}/stock/count`, { product_id: collar.id, counted: 4 }),
      sell(anna, [{ product_id: collar.id, quantity: 3 }]),
    ]);
    for (const reply of replies) expect([201, 409]).toContain(reply.status);
    const truth = await ledger(anna.storeId, collar.id);
    expect(truth.balance).toBe(truth.movements);
    expect(truth.balance).toBeGreaterThanOrEqual(0);
    expect((await stockOf(anna, collar.id))?.on_hand).toBe(truth.movements);
    // the count happened at some point between the sales: what is left is 4 less the sales after it
    expect([4, 1, 0]).toContain(truth.balance);
  });

  it('prices a counter sale with VAT per line and per rate, discounts as amount or percentage, and returns put stock back', async () => {
    const shampoo = await product(anna, { name: 'Shampoo Cocco', price_cents: 1220 });
    const snack = await product(anna, { name: 'Biscotti', price_cents: 350, vat_rate_bp: 1000 });
    await receive(anna, shampoo.id, 5);
    await receive(anna, snack.id, 5);
    const reply = await sell(
      anna,
      [
        { product_id: shampoo.id, quantity: 2, discount: { kind: 'percent', percent: 10 } },
        { product_id: snack.id, quantity: 3, discount: { kind: 'amount', cents: 50 } },
      ],
      'bank_transfer',
    );
    expect(reply.status).toBe(201);
    const sale = reply.body as unknown as RetailSale;
    expect(sale).toMatchObject({
      payment_method: 'bank_transfer',
      gross_cents: 3490,
      discount_cents: 294,
      total_cents: 3196,
      vat_cents: 487,
      created_by: anna.userId,
    });
    expect(sale.lines.map((line) => [line.name, line.total_cents, line.vat_cents])).toEqual([
      ['Shampoo Cocco', 2196, 396],
      ['Biscotti', 1000, 91],
    ]);
    expect(sale.by_rate).toEqual([
      { vat_rate_bp: 1000, total_cents: 1000, vat_cents: 91, net_cents: 909 },
      { vat_rate_bp: 2200, total_cents: 2196, vat_cents: 396, net_cents: 1800 },
    ]);
    expect((await stockOf(anna, shampoo.id))?.on_hand).toBe(3);
    expect(await eventAbout('evt.retail.sale.created.v1', sale.id)).toMatchObject({ data: { total_cents: 3196, vat_cents: 487 } });

    const snackLine = sale.lines[1]?.id ?? '';
    const returned = await http(anna, 'POST', `${storePath(anna)}/sale/${sale.id}/return`, { line_id: snackLine, quantity: 1 });
    expect(returned).toMatchObject({ status: 201, body: { refunded_cents: 333 } });
    expect((await stockOf(anna, snack.id))?.on_hand).toBe(3);
    const rest = await http(anna, 'POST', `${storePath(anna)}/sale/${sale.id}/return`, { line_id: snackLine, quantity: 2 });
    expect((rest.body as unknown as RetailSale).lines[1]).toMatchObject({ returned_quantity: 3, refunded_cents: 1000 });
    expect((await stockOf(anna, snack.id))?.on_hand).toBe(5);
    const again = await http(anna, 'POST', `${storePath(anna)}/sale/${sale.id}/return`, { line_id: snackLine, quantity: 1 });
    expect(again).toMatchObject({ status: 409, body: { code: 'return_exceeds_sale' } });
    expect(await eventAbout('evt.retail.sale.returned.v1', snackLine)).toMatchObject({ data: { quantity: 1, refund_cents: 333 } });
  });

  it('refuses bad input with a clear 4xx in the caller language and changes nothing', async () => {
    const gel = await product(anna, { name: 'Gel', price_cents: 500 });
    await receive(anna, gel.id, 2);
    const tooBig = await sell(anna, [{ product_id: gel.id, quantity: 1, discount: { kind: 'amount', cents: 600 } }]);
    expect(tooBig).toMatchObject({
      status: 400,
      body: { code: 'discount_exceeds_line', message: 'Uno sconto è più grande della sua riga.' },
    });
    const german = await http(anna, 'POST', `${storePath(anna)}/sale`, { payment_method: 'cheque', lines: [] }, 'de');
    expect(german).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'Einige Felder sind ungültig.' } });
    expect((await sell(anna, [{ product_id: gel.id, quantity: 3 }])).body.code).toBe('out_of_stock');
    expect(await ledger(anna.storeId, gel.id)).toEqual({ movements: 2, balance: 2 });
  });

  it('refuses another organization: its owner reads and writes nothing of the salon', async () => {
    const own = await product(anna, { name: 'Profumo', price_cents: 1800 });
    expect((await http(jurgen, 'GET', `${orgaPath(anna)}/products`)).status).toBe(403);
    expect((await http(jurgen, 'GET', `${storePath(anna)}/stock`)).status).toBe(403);
    expect((await http(null, 'GET', `${orgaPath(anna)}/products`)).status).toBe(401);
    // through its own paths, naming the salon's product: unavailable, nothing moved
    const foreign = await http(jurgen, 'POST', `${storePath(jurgen)}/stock/receipt`, { product_id: own.id, quantity: 5 });
    expect(foreign).toMatchObject({ status: 400, body: { code: 'product_unavailable' } });
    expect((await http(jurgen, 'GET', `${storePath(jurgen)}/product/${own.id}/movements`)).status).toBe(404);
    expect((await http(jurgen, 'PUT', `${orgaPath(jurgen)}/product/${own.id}`, { name: 'Mine' })).status).toBe(404);
    expect(await ledger(jurgen.storeId, own.id)).toEqual({ movements: 0, balance: 0 });
  });

  it("R1.17 purges a cancelled organization's retail rows and keeps the others'", async () => {
    const rows = async (orgaId: string) =>
      Number(
        (
          await env.query<{ n: string }>(
            `SELECT (SELECT count(*) FROM retail.product WHERE orga_id = $1) + (SELECT count(*) FROM retail.stock_movement WHERE orga_id = $1) AS n`,
            [orgaId],
          )
        )[0]?.n,
      );
    const biscuit = await product(jurgen, { name: 'Biscotto', price_cents: 200 });
    await receive(jurgen, biscuit.id, 2);
    await sell(jurgen, [{ product_id: biscuit.id, quantity: 1 }]);
    expect(await rows(jurgen.orgaId)).toBeGreaterThan(0);
    await call(client, cancelOrgaRpc, { orga_id: jurgen.orgaId, confirm_name: jurgen.orgaName }, jurgen.auth);
    for (let i = 0; i < 100 && (await rows(jurgen.orgaId)) > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rows(jurgen.orgaId)).toBe(0);
    const [left] = await env.query<{ n: string }>(`SELECT count(*) AS n FROM retail.sale WHERE orga_id = $1`, [jurgen.orgaId]);
    expect(Number(left?.n)).toBe(0);
    expect(await rows(anna.orgaId)).toBeGreaterThan(0);
  });
});
