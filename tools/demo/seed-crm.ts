// The demo customer book (issue 4): customer and pet tags, about 60 customers per store with
// Italian and English names, and their 1–3 pets — all through crm's RPCs as the demo owner.
// Planned from a fixed seed; what already exists (by tag name, customer name, pet name) is
// left alone, so a second run adds nothing and an interrupted one is completed.
import {
  createCustomerRpc,
  createPetRpc,
  createTagRpc,
  listCustomersRpc,
  listPetsRpc,
  listTagsRpc,
  CUSTOMER_PAGE_SIZE_MAX,
  type Customer,
  type Pet,
  type PetFields,
  type Tag,
  type TagKind,
} from '@pawline/contracts';
import type { CustomerValues } from '../../services/crm/src/customer/customer-rules';
import { DemoRandom, call, inGroups, type DemoCaller, type DemoStore } from './demo-rpc';

export const CUSTOMERS_PER_STORE = 60;
/** Concurrent RPCs per group. */
const GROUP = 8;
const SEED = 20_261_122;

type TagPlan = { kind: TagKind; name: string; emoji: string | null; icon: number };

/** R1.05 / R3.20: each tag has an emoji or one of the 31 icons, never both. */
export const DEMO_TAGS: readonly TagPlan[] = [
  { kind: 'customer', name: 'VIP', emoji: '⭐', icon: 0 },
  { kind: 'customer', name: 'Pays cash', emoji: '💶', icon: 0 },
  { kind: 'customer', name: 'Prefers WhatsApp', emoji: '💬', icon: 0 },
  { kind: 'customer', name: 'Often late', icon: 7, emoji: null },
  { kind: 'customer', name: 'New customer', icon: 12, emoji: null },
  { kind: 'pet', name: 'Bites', emoji: '⚠️', icon: 0 },
  { kind: 'pet', name: 'Anxious', emoji: '😟', icon: 0 },
  { kind: 'pet', name: 'Puppy', emoji: '🐶', icon: 0 },
  { kind: 'pet', name: 'Senior', icon: 3, emoji: null },
  { kind: 'pet', name: 'Show dog', icon: 20, emoji: null },
  { kind: 'pet', name: 'Matted coat', icon: 25, emoji: null },
];

const ITALIAN_FIRST = [
  'Giulia',
  'Francesca',
  'Chiara',
  'Sara',
  'Martina',
  'Elena',
  'Valentina',
  'Alessia',
  'Federica',
  'Silvia',
  'Laura',
  'Paola',
  'Roberta',
  'Anna',
  'Marco',
  'Luca',
  'Alessandro',
  'Andrea',
  'Matteo',
  'Davide',
  'Stefano',
  'Giorgio',
  'Paolo',
  'Francesco',
  'Simone',
  'Riccardo',
  'Lorenzo',
  'Giuseppe',
] as const;
const ITALIAN_LAST = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
] as const;
const ENGLISH_FIRST = [
  'Emily',
  'Olivia',
  'Sophie',
  'Charlotte',
  'Amelia',
  'Jessica',
  'Hannah',
  'Lucy',
  'Grace',
  'Emma',
  'Chloe',
  'Rachel',
  'James',
  'Oliver',
  'Harry',
  'George',
  'Thomas',
  'William',
  'Daniel',
  'Jack',
  'Samuel',
  'Matthew',
  'Edward',
  'Benjamin',
] as const;
const ENGLISH_LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Hughes',
  'Edwards',
  'Turner',
  'Cooper',
] as const;
const ITALIAN_PLACES: readonly (readonly [string, string, string])[] = [
  ['Via Roma', 'Milano', '20121'],
  ['Corso Vittorio Emanuele II', 'Torino', '10123'],
  ['Via Garibaldi', 'Genova', '16124'],
  ['Via Dante', 'Bologna', '40125'],
  ['Viale Mazzini', 'Roma', '00195'],
  ['Via Cavour', 'Firenze', '50129'],
] as const;
const ENGLISH_PLACES: readonly (readonly [string, string, string])[] = [
  ['High Street', 'London', 'SW1A 1AA'],
  ['Church Road', 'Manchester', 'M14 5TQ'],
  ['Station Road', 'Bristol', 'BS1 6QH'],
  ['Victoria Road', 'Leeds', 'LS6 1DL'],
  ['Mill Lane', 'Oxford', 'OX1 2JD'],
] as const;
const CUSTOMER_NOTES = [
  'Prefers morning appointments.',
  'Call before the pet is ready — works nearby.',
  'Usually books every 6 weeks.',
  'Asked for a short summer cut last time.',
  'Brings the pets with the partner; either may pick them up.',
  'Pays by card only.',
  'Preferisce essere contattata su WhatsApp.',
  'Viene sempre il sabato mattina.',
] as const;
const VETS = [
  'Clinica Veterinaria San Francesco, +39 02 4851 2290',
  'Ambulatorio Veterinario Dott.ssa Marchetti, +39 051 622 1043',
  'Riverside Veterinary Surgery, +44 20 7946 0321',
  'Tierarztpraxis am Stadtpark, +49 40 2281 4410',
] as const;

type Breed = {
  name: string;
  hair: 'short' | 'medium' | 'long';
  size: 'small' | 'medium' | 'big';
  colours: readonly ('orange' | 'white' | 'grey' | 'brown' | 'black' | 'brindle')[];
  /** adult weight range in kg */
  kg: readonly [number, number];
};

const DOG_BREEDS: readonly Breed[] = [
  { name: 'Labrador Retriever', hair: 'short', size: 'big', colours: ['black', 'brown', 'orange'], kg: [25, 36] },
  { name: 'Golden Retriever', hair: 'long', size: 'big', colours: ['orange'], kg: [25, 34] },
  { name: 'Toy Poodle', hair: 'medium', size: 'small', colours: ['white', 'black', 'brown', 'grey'], kg: [2, 4] },
  { name: 'Bichon Frisé', hair: 'long', size: 'small', colours: ['white'], kg: [4, 7] },
  { name: 'Maltese', hair: 'long', size: 'small', colours: ['white'], kg: [2, 4] },
  { name: 'Yorkshire Terrier', hair: 'long', size: 'small', colours: ['grey', 'brown'], kg: [2, 3.5] },
  { name: 'Shih Tzu', hair: 'long', size: 'small', colours: ['white', 'brown', 'grey'], kg: [4, 7.5] },
  { name: 'English Cocker Spaniel', hair: 'long', size: 'medium', colours: ['orange', 'black', 'brown'], kg: [12, 15] },
  { name: 'Border Collie', hair: 'long', size: 'medium', colours: ['black', 'brown'], kg: [14, 20] },
  { name: 'Lagotto Romagnolo', hair: 'medium', size: 'medium', colours: ['brown', 'white', 'orange'], kg: [11, 16] },
  { name: 'Cavalier King Charles Spaniel', hair: 'long', size: 'small', colours: ['brown', 'orange', 'black'], kg: [5, 8] },
  { name: 'West Highland White Terrier', hair: 'medium', size: 'small', colours: ['white'], kg: [6, 10] },
  { name: 'Miniature Schnauzer', hair: 'medium', size: 'small', colours: ['grey', 'black'], kg: [5, 8] },
  { name: 'Jack Russell Terrier', hair: 'short', size: 'small', colours: ['white', 'brown'], kg: [5, 8] },
  { name: 'Dachshund', hair: 'short', size: 'small', colours: ['brown', 'black', 'brindle'], kg: [7, 14] },
  { name: 'Bernese Mountain Dog', hair: 'long', size: 'big', colours: ['black'], kg: [35, 50] },
  { name: 'German Shepherd', hair: 'medium', size: 'big', colours: ['black', 'brown'], kg: [22, 40] },
  { name: 'Cockapoo', hair: 'medium', size: 'medium', colours: ['orange', 'brown', 'black'], kg: [6, 11] },
  { name: 'Pomeranian', hair: 'long', size: 'small', colours: ['orange', 'white', 'black'], kg: [1.8, 3.5] },
  { name: 'Siberian Husky', hair: 'medium', size: 'big', colours: ['grey', 'black', 'white'], kg: [16, 27] },
  { name: 'French Bulldog', hair: 'short', size: 'small', colours: ['brindle', 'white', 'brown'], kg: [8, 14] },
  { name: 'Staffordshire Bull Terrier', hair: 'short', size: 'medium', colours: ['brindle', 'black', 'brown'], kg: [11, 17] },
  { name: 'Mixed breed', hair: 'medium', size: 'medium', colours: ['brown', 'black', 'white', 'brindle'], kg: [8, 25] },
];
const CAT_BREEDS: readonly Breed[] = [
  { name: 'British Shorthair', hair: 'short', size: 'medium', colours: ['grey'], kg: [4, 7] },
  { name: 'Persian', hair: 'long', size: 'medium', colours: ['white', 'grey', 'orange'], kg: [3.5, 5.5] },
  { name: 'Maine Coon', hair: 'long', size: 'big', colours: ['brown', 'orange', 'black'], kg: [5.5, 9] },
  { name: 'European Shorthair', hair: 'short', size: 'medium', colours: ['orange', 'black', 'grey', 'brown'], kg: [3.5, 6] },
  { name: 'Ragdoll', hair: 'long', size: 'medium', colours: ['white', 'grey'], kg: [4.5, 8] },
];
const RABBIT_BREEDS: readonly Breed[] = [
  { name: 'Netherland Dwarf', hair: 'short', size: 'small', colours: ['white', 'grey', 'black'], kg: [0.9, 1.2] },
  { name: 'Holland Lop', hair: 'medium', size: 'small', colours: ['orange', 'brown', 'white'], kg: [1.3, 1.8] },
  { name: 'Lionhead', hair: 'long', size: 'small', colours: ['white', 'grey', 'orange'], kg: [1.2, 1.7] },
  { name: 'English Angora', hair: 'long', size: 'medium', colours: ['white', 'grey'], kg: [2.5, 3.5] },
];
const DOG_NAMES = [
  'Luna',
  'Milo',
  'Bella',
  'Max',
  'Rocky',
  'Kira',
  'Nala',
  'Charlie',
  'Lucky',
  'Birba',
  'Pepe',
  'Oliver',
  'Daisy',
  'Teddy',
  'Coco',
  'Biscotto',
  'Pallina',
  'Zeus',
  'Molly',
  'Buddy',
  'Poppy',
  'Frida',
  'Otto',
  'Leo',
  'Ruby',
  'Bruno',
  'Nina',
  'Stella',
  'Ginger',
  'Tobia',
  'Briciola',
  'Maya',
  'Arya',
  'Baxter',
  'Rufus',
  'Pippo',
  'Olivia',
  'Rex',
  'Winston',
  'Fiona',
] as const;
const CAT_NAMES = ['Micio', 'Pixel', 'Tigro', 'Salem', 'Cleo', 'Oscar', 'Minou', 'Felix', 'Romeo', 'Mia', 'Smokey', 'Pumpkin'] as const;
const RABBIT_NAMES = ['Fiocco', 'Thumper', 'Carota', 'Nuvola', 'Pepper', 'Biscuit', 'Cotton', 'Batuffolo'] as const;
const ALLERGIES = [
  'Chicken protein',
  'Oatmeal shampoo',
  'Flea saliva (dermatitis)',
  'Lanolin in conditioners',
  'Tea tree oil',
  'Grass pollen',
] as const;
const MEDICAL = [
  'Hip dysplasia: lift carefully, no long standing.',
  'Heart murmur, keep sessions short and calm.',
  'Epilepsy, on phenobarbital. Avoid the high-velocity dryer.',
  'Chronic otitis: clean ears gently, no plucking.',
  'Recovering from knee surgery (TPLO), left hind leg.',
  'Diabetic, fed at 12:00 — no appointments over lunch.',
] as const;
const ATTITUDES = [
  'Very friendly',
  'Nervous with the dryer',
  'Does not like nail trims — muzzle',
  'Jumps off the table, keep on a lead',
  'Calm, sleeps during the bath',
] as const;

/** One planned pet: the pet's own fields and the names of its tags. */
export type PetPlan = { fields: PetFields & { name: string }; tags: string[] };
/**
 * One planned customer: its fields (every one given, as crm stores them: null when the customer
 * has none), the names of its tags and its pets.
 */
export type CustomerPlan = { fields: CustomerValues; tags: string[]; pets: PetPlan[] };

function digits(random: DemoRandom, count: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) out += String(random.int(0, 9));
  return out;
}

function emailLocal(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function planPet(random: DemoRandom, usedNames: Set<string>, today: string): PetPlan {
  const kind = random.weighted([
    ['dog', 78],
    ['cat', 14],
    ['rabbit', 8],
  ] as const);
  const breed = random.pick(kind === 'dog' ? DOG_BREEDS : kind === 'cat' ? CAT_BREEDS : RABBIT_BREEDS);
  const names = kind === 'dog' ? DOG_NAMES : kind === 'cat' ? CAT_NAMES : RABBIT_NAMES;
  let name: string = random.pick(names);
  for (let tries = 0; usedNames.has(name) && tries < 20; tries += 1) name = random.pick(names);
  if (usedNames.has(name)) name = `${name} II`;
  usedNames.add(name);

  // Ages: a few puppies (under a year), mostly adults, some seniors.
  const year = Number(today.slice(0, 4));
  const ageYears = random.weighted([
    [0, 10],
    [random.int(1, 7), 70],
    [random.int(8, kind === 'rabbit' ? 9 : 14), 20],
  ] as const);
  const month = String(random.int(1, 12)).padStart(2, '0');
  const day = String(random.int(1, 28)).padStart(2, '0');
  let born = `${year - ageYears}-${month}-${day}`;
  if (born > today) born = `${year - ageYears - 1}-${month}-${day}`;
  const puppy = ageYears === 0;
  const [minKg, maxKg] = breed.kg;
  const adultKg = minKg + random.next() * (maxKg - minKg);
  const weight = Math.round((puppy ? adultKg * 0.5 : adultKg) * 10) / 10;
  const allergies = random.chance(0.12) ? random.pick(ALLERGIES) : null;
  const medical = random.chance(0.08) ? random.pick(MEDICAL) : null;

  const tags: string[] = [];
  if (puppy && kind === 'dog') tags.push('Puppy');
  if (ageYears >= 10) tags.push('Senior');
  if (random.chance(0.06)) tags.push('Bites');
  if (random.chance(0.1)) tags.push('Anxious');
  if (kind === 'dog' && breed.hair === 'long' && random.chance(0.12)) tags.push('Matted coat');
  if (kind === 'dog' && breed.name !== 'Mixed breed' && random.chance(0.04)) tags.push('Show dog');

  return {
    fields: {
      name,
      pet_type: kind === 'dog' ? 0 : kind === 'cat' ? 2 : 3,
      breed: breed.name,
      hair: breed.hair,
      size: breed.size,
      sex: random.chance(0.5) ? 'male' : 'female',
      born,
      weight,
      allergies,
      sterilized: puppy ? false : random.chance(0.6),
      vaccinated: random.chance(0.9),
      colour: random.pick(breed.colours),
      // ISO 11784 chips: the country code 380 (Italy) or 826 (United Kingdom) and 12 digits
      microchip: kind !== 'rabbit' && random.chance(0.5) ? `${random.pick(['380', '826'])}${digits(random, 12)}` : null,
      attitude: random.chance(0.3) ? random.pick(ATTITUDES) : null,
      notes: null,
      medical,
    },
    tags,
  };
}

/** The planned customer book of one store (index 0 the main store, 1 the second), the same on every run. */
export function planCustomerBook(storeIndex: number, today: string): CustomerPlan[] {
  const random = new DemoRandom(SEED + storeIndex * 7919);
  const seen = new Set<string>();
  const book: CustomerPlan[] = [];
  while (book.length < CUSTOMERS_PER_STORE) {
    const italian = random.chance(0.6);
    const first = random.pick(italian ? ITALIAN_FIRST : ENGLISH_FIRST);
    const last = random.pick(italian ? ITALIAN_LAST : ENGLISH_LAST);
    if (seen.has(`${first} ${last}`)) continue;
    seen.add(`${first} ${last}`);
    const place = random.pick(italian ? ITALIAN_PLACES : ENGLISH_PLACES);
    const withAddress = random.chance(0.7);
    const fon = italian
      ? `+39 3${digits(random, 2)} ${digits(random, 3)} ${digits(random, 4)}`
      : `+44 7${digits(random, 3)} ${digits(random, 6)}`;
    const domain = italian ? random.pick(['example.it', 'example.com']) : random.pick(['example.co.uk', 'example.com']);
    const email = random.chance(0.8) ? `${emailLocal(first)}.${emailLocal(last)}@${domain}` : null;
    const messages = random.chance(0.85);
    const tags: string[] = [];
    if (random.chance(0.1)) tags.push('VIP');
    if (random.chance(0.12)) tags.push('Pays cash');
    if (random.chance(0.15)) tags.push('Prefers WhatsApp');
    if (random.chance(0.08)) tags.push('Often late');
    if (book.length >= CUSTOMERS_PER_STORE - 6) tags.push('New customer');
    const petCount = random.weighted([
      [1, 60],
      [2, 30],
      [3, 10],
    ] as const);
    const usedNames = new Set<string>();
    const pets = Array.from({ length: petCount }, () => planPet(random, usedNames, today));
    book.push({
      fields: {
        first_name: first,
        last_name: last,
        address: withAddress ? `${place[0]} ${random.int(1, 120)}` : null,
        city: withAddress ? place[1] : null,
        zip_code: withAddress ? place[2] : null,
        country: withAddress ? (italian ? 'IT' : 'GB') : null,
        fon,
        fon_2: random.chance(0.15)
          ? italian
            ? `+39 0${digits(random, 2)} ${digits(random, 7)}`
            : `+44 20 ${digits(random, 4)} ${digits(random, 4)}`
          : null,
        email,
        notes: random.chance(0.25) ? random.pick(CUSTOMER_NOTES) : null,
        veterinary: random.chance(0.3) ? random.pick(VETS) : null,
        consent_messages: messages,
        consent_reminders: messages && random.chance(0.9),
        consent_marketing: random.chance(0.4),
      },
      tags,
      pets,
    });
  }
  return book;
}

/** A seeded customer with its pets, as crm returned them. */
export type BookEntry = { customer: Customer; pets: Pet[] };
export type CrmSeedResult = { tagsCreated: number; customersCreated: number; petsCreated: number; books: Map<string, BookEntry[]> };

const customerKey = (first: string, last: string) => `${first}\u0000${last}`;

async function allCustomers(caller: DemoCaller, storeId: string): Promise<Customer[]> {
  const items: Customer[] = [];
  let lastId: string | null = null;
  for (;;) {
    const page: { items: Customer[]; page_size: number } = await call(caller, listCustomersRpc, {
      orga_id: caller.orgaId,
      store_id: storeId,
      limit: CUSTOMER_PAGE_SIZE_MAX,
      last_id: lastId,
    });
    items.push(...page.items);
    const last: Customer | Pet | undefined = page.items[page.items.length - 1];
    if (!last || page.items.length < page.page_size) return items;
    lastId = last.id;
  }
}

async function allPets(caller: DemoCaller, storeId: string): Promise<Pet[]> {
  const items: Pet[] = [];
  let lastId: string | null = null;
  for (;;) {
    const page: { items: Pet[]; page_size: number } = await call(caller, listPetsRpc, {
      orga_id: caller.orgaId,
      store_id: storeId,
      limit: CUSTOMER_PAGE_SIZE_MAX,
      last_id: lastId,
    });
    items.push(...page.items);
    const last: Customer | Pet | undefined = page.items[page.items.length - 1];
    if (!last || page.items.length < page.page_size) return items;
    lastId = last.id;
  }
}

async function seedTags(caller: DemoCaller): Promise<{ byName: Map<string, Tag>; created: number }> {
  const existing = await call(caller, listTagsRpc, { orga_id: caller.orgaId });
  const byName = new Map(existing.map((tag) => [`${tag.kind}:${tag.name}`, tag]));
  const missing = DEMO_TAGS.map((plan, order) => ({ plan, order })).filter(({ plan }) => !byName.has(`${plan.kind}:${plan.name}`));
  const created = await inGroups(missing, GROUP, ({ plan, order }) =>
    call(caller, createTagRpc, {
      orga_id: caller.orgaId,
      kind: plan.kind,
      name: plan.name,
      icon: plan.icon,
      emoji: plan.emoji,
      tag_order: order,
    }),
  );
  for (const tag of created) byName.set(`${tag.kind}:${tag.name}`, tag);
  return { byName, created: created.length };
}

function tagInputs(byName: Map<string, Tag>, kind: TagKind, names: string[]): { tag_id: string; tag_order: number }[] {
  return names.map((name, order) => {
    const tag = byName.get(`${kind}:${name}`);
    if (!tag) throw new Error(`the demo ${kind} tag "${name}" is missing`);
    return { tag_id: tag.id, tag_order: order };
  });
}

/** Seeds tags and each store's customer book; returns every planned customer with its pets, per store id. */
export async function seedCrm(caller: DemoCaller, stores: readonly DemoStore[], today: string): Promise<CrmSeedResult> {
  const tags = await seedTags(caller);
  const books = new Map<string, BookEntry[]>();
  let customersCreated = 0;
  let petsCreated = 0;
  for (const [storeIndex, store] of stores.entries()) {
    const plan = planCustomerBook(storeIndex, today);
    const existing = new Map((await allCustomers(caller, store.id)).map((c) => [customerKey(c.first_name, c.last_name), c]));
    const missing = plan.filter((p) => !existing.has(customerKey(p.fields.first_name, p.fields.last_name)));
    const created = await inGroups(missing, GROUP, (p) =>
      call(caller, createCustomerRpc, {
        orga_id: caller.orgaId,
        store_id: store.id,
        ...p.fields,
        tags: tagInputs(tags.byName, 'customer', p.tags),
      }),
    );
    for (const detail of created) existing.set(customerKey(detail.customer.first_name, detail.customer.last_name), detail.customer);
    customersCreated += created.length;

    const petsByOwner = new Map<string, Pet[]>();
    for (const pet of missing.length === plan.length ? [] : await allPets(caller, store.id)) {
      petsByOwner.set(pet.customer_id, [...(petsByOwner.get(pet.customer_id) ?? []), pet]);
    }
    const petJobs: { customer: Customer; pet: PetPlan }[] = [];
    const entries: BookEntry[] = plan.map((p) => {
      const customer = existing.get(customerKey(p.fields.first_name, p.fields.last_name));
      if (!customer) throw new Error(`customer ${p.fields.first_name} ${p.fields.last_name} was not created`);
      const has = petsByOwner.get(customer.id) ?? [];
      for (const pet of p.pets) if (!has.some((h) => h.name === pet.fields.name)) petJobs.push({ customer, pet });
      return { customer, pets: [...has] };
    });
    const createdPets = await inGroups(petJobs, GROUP, ({ customer, pet }) =>
      call(caller, createPetRpc, {
        orga_id: caller.orgaId,
        store_id: store.id,
        customer_id: customer.id,
        ...pet.fields,
        tags: tagInputs(tags.byName, 'pet', pet.tags),
      }),
    );
    const entryOf = new Map(entries.map((e) => [e.customer.id, e]));
    for (const { pet } of createdPets) entryOf.get(pet.customer_id)?.pets.push(pet);
    for (const entry of entries) entry.pets.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    petsCreated += createdPets.length;
    books.set(store.id, entries);
    caller.log(`${store.name}: ${created.length} customers and ${createdPets.length} pets added (${plan.length} customers planned)`);
  }
  if (tags.created > 0) caller.log(`${tags.created} tags added`);
  return { tagsCreated: tags.created, customersCreated, petsCreated, books };
}
