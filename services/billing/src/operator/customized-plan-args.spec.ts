import { parseCustomizedPlanArgs } from './customized-plan-args';

const ORGA = '6b87eefb-a184-4f1c-bffd-3e6ad81e4c65';

describe("the operator's command line for the Customized plan", () => {
  it('turns flags into the request of rpc.billing.plan.set-customized', () => {
    expect(parseCustomizedPlanArgs(['--orga', ORGA, '--monthly-cents', '9900', '--limit', 'users=8', '--limit', 'tags=unlimited'])).toEqual(
      { orga_id: ORGA, monthly_cents: 9900, limits: { users: 8, tags: null } },
    );
  });

  it('refuses what the call would refuse, with the reason', () => {
    expect(parseCustomizedPlanArgs(['--orga', 'nope', '--monthly-cents', '1'])).toHaveProperty('error');
    expect(parseCustomizedPlanArgs(['--orga', ORGA])).toHaveProperty('error');
    expect(parseCustomizedPlanArgs(['--orga', ORGA, '--monthly-cents', '1', '--limit', 'pet_images=unlimited'])).toEqual({
      error: 'pet_images cannot be unlimited',
    });
    expect(parseCustomizedPlanArgs(['--orga', ORGA, '--monthly-cents', '1', '--limit', 'pet_images=9'])).toHaveProperty('error');
    expect(parseCustomizedPlanArgs(['--orga', ORGA, '--monthly-cents', '1', '--limit', 'seats=3'])).toEqual({
      error: "unknown limit 'seats=3'",
    });
    expect(parseCustomizedPlanArgs(['--orga', ORGA, '--monthly-cents'])).toEqual({ error: '--monthly-cents needs a value' });
  });
});
