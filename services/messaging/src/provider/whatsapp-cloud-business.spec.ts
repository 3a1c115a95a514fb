import {
  BOOKING_TEMPLATES,
  BUILT_IN_TEMPLATES,
  anchorsFor,
  registrationOf,
  templateCreationProblem,
  type TemplateRegistration,
} from '@pawline/domain';
import { startFakeWhatsApp, type FakeWhatsAppServer } from '../../../../tools/fake-whatsapp/fake-whatsapp-server';
import { expectMetaValid, metaReference } from '../../../../tools/fake-whatsapp/meta-reference';
import { BusinessApiError } from '../ports';
import { WhatsAppCloudBusiness, cloudTemplateBody } from './whatsapp-cloud-business';

const APP = { id: '4455667788', secret: 'app-secret-1' };

/** Every template Pawline registers: the built-in ones and the booking messages, in every language. */
function allRegistrations(): TemplateRegistration[] {
  return [
    ...BUILT_IN_TEMPLATES.map((t) =>
      registrationOf({ ...t, button: t.button }, anchorsFor([0, 4].includes(t.template_type) ? 'appointment' : 'customer')),
    ),
    ...BOOKING_TEMPLATES.map((t) =>
      registrationOf({ ...t, button: t.button }, anchorsFor(t.kind === 'booking_declined' ? 'booking_declined' : 'appointment')),
    ),
  ];
}

async function refusal(work: Promise<unknown>): Promise<BusinessApiError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof BusinessApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('WhatsAppCloudBusiness against the fake Cloud API', () => {
  let fake: FakeWhatsAppServer;
  let business: WhatsAppCloudBusiness;

  beforeAll(async () => {
    fake = await startFakeWhatsApp({ app: APP, reviewDelayMs: null });
    business = new WhatsAppCloudBusiness({ baseUrl: fake.graphUrl, timeoutMs: 5000, appId: APP.id, appSecret: APP.secret });
    metaReference();
  }, 60_000);
  afterAll(() => fake.close());

  it("builds template creations Meta's document and its rules accept, for every template in every language", () => {
    const registrations = allRegistrations();
    expect(registrations).toHaveLength(40);
    // issue 30 the waitlist offer is a UTILITY template with one quick reply, "Take it" in each language
    const offers = registrations.filter((r) => r.name === 'pawline_waitlist_offer_v1');
    expect(offers.map((r) => [r.language, r.category, r.buttons])).toEqual([
      ['en', 'UTILITY', ['Take it']],
      ['it', 'UTILITY', ['Lo prendo']],
      ['de', 'UTILITY', ['Nehme ich']],
      ['fr', 'UTILITY', ['Je le prends']],
    ]);
    for (const registration of registrations) {
      expectMetaValid(
        `${registration.name} ${registration.language}`,
        metaReference().requestProblems('templateCreate', cloudTemplateBody(registration)),
      );
      expect(templateCreationProblem(registration)).toBeNull();
    }
    expectMetaValid('register', metaReference().requestProblems('register', { messaging_product: 'whatsapp', pin: '123456' }));
    expectMetaValid('subscribed_apps', metaReference().requestProblems('subscribeApp', {}));
  });

  it('onboards through Embedded Signup: code → token → account → number → subscription → registration', async () => {
    const signup = fake.business.signup({ businessName: 'Toelettatura Bau', displayPhoneNumber: '+39 06 7654321' });
    const { accessToken } = await business.exchangeCode(signup.code);
    expect(await business.sharedAccounts(accessToken)).toEqual([signup.wabaId]);
    expect(await business.phoneNumbers(accessToken, signup.wabaId)).toEqual([
      {
        phoneNumberId: signup.phoneNumberId,
        displayPhoneNumber: '+39 06 7654321',
        verifiedName: 'Toelettatura Bau',
        qualityRating: 'GREEN',
        messagingLimit: 'TIER_250',
      },
    ]);
    await business.subscribeApp(accessToken, signup.wabaId);
    expect(fake.business.subscribedApps(signup.wabaId)).toEqual([APP.id]);
    await business.register(accessToken, signup.phoneNumberId, '135790');
    fake.business.setPhone(signup.phoneNumberId, { qualityRating: 'YELLOW', messagingLimitTier: 'TIER_1K' });
    expect(await business.phoneNumber(accessToken, signup.phoneNumberId)).toMatchObject({
      qualityRating: 'YELLOW',
      messagingLimit: 'TIER_1K',
    });
    await business.unsubscribeApp(accessToken, signup.wabaId);
    expect(fake.business.subscribedApps(signup.wabaId)).toEqual([]);
  });

  it("reads Meta's refusals with their codes: a used code, a token for another account, a PIN mismatch", async () => {
    const signup = fake.business.signup();
    const { accessToken } = await business.exchangeCode(signup.code);
    expect(await refusal(business.exchangeCode(signup.code))).toMatchObject({ code: 100, subcode: 36007 });
    const other = fake.business.signup();
    expect(await refusal(business.phoneNumbers(accessToken, other.wabaId))).toMatchObject({ status: 401, code: 190 });
    await business.register(accessToken, signup.phoneNumberId, '111111');
    expect(await refusal(business.register(accessToken, signup.phoneNumberId, '222222'))).toMatchObject({ code: 133005 });
  });

  it('creates templates pending review and reads their status and reason back', async () => {
    const signup = fake.business.signup();
    const { accessToken } = await business.exchangeCode(signup.code);
    const [first, second] = allRegistrations();
    if (!first || !second) throw new Error('no templates');
    const created = await business.createTemplate(accessToken, signup.wabaId, first);
    expect(created).toEqual({
      providerTemplateId: expect.stringMatching(/^\d+$/),
      name: first.name,
      language: first.language,
      category: 'UTILITY',
      status: 'PENDING',
      reason: null,
    });
    const other = await business.createTemplate(accessToken, signup.wabaId, second);
    fake.business.review(created.providerTemplateId, { status: 'APPROVED' });
    fake.business.review(other.providerTemplateId, { status: 'REJECTED', reason: 'INVALID_FORMAT' });
    const listed = await business.templates(accessToken, signup.wabaId);
    expect(listed.map((t) => [t.language, t.status, t.reason])).toEqual([
      [first.language, 'APPROVED', null],
      [second.language, 'REJECTED', 'INVALID_FORMAT'],
    ]);
    expect(await business.templates(accessToken, signup.wabaId, [first.name])).toHaveLength(2);
    expect(await refusal(business.createTemplate(accessToken, signup.wabaId, first))).toMatchObject({ code: 100, subcode: 2388024 });
  });
});
