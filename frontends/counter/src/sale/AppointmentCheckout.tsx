import { Text } from '@chakra-ui/react';
import { useApiQuery } from '@pawline/api-client';
import { standardVatRateBp } from '@pawline/domain';
import { QueryState } from '@pawline/ui';
import type { ReactNode } from 'react';
import type { CounterContext } from '../shared/counter-context';
import type { ServiceDraft } from './sale-lines';

export type CheckoutService = ServiceDraft & { groomerName: string | null };

/**
 * The appointment a check-out sells, read from scheduling (never copied): its treatments name the service line,
 * its groomer gets the tip; the VAT rate is the standard one of the store's country.
 */
export function AppointmentCheckout({
  ctx,
  appointmentId,
  children,
}: {
  ctx: CounterContext;
  appointmentId: string;
  children: (service: CheckoutService) => ReactNode;
}) {
  const { t, bridge, orgaId, storeId } = ctx;
  const appointment = useApiQuery('getAppointment', { params: { orga: orgaId, store: storeId, id: appointmentId } });
  const orga = useApiQuery('getOrga', { params: { orga: orgaId } });
  // both are read before the form starts: it keeps the service it was given
  return (
    <QueryState query={orga} language={bridge.language} errorTitle={t('counter.checkoutLoadFailed')}>
      {(organization) => (
        <QueryState
          query={appointment}
          language={bridge.language}
          errorTitle={t('counter.checkoutLoadFailed')}
          isEmpty={(list) => list.items.length === 0}
        >
          {(list) => {
            const item = list.items[0];
            if (!item) return null;
            if (item.checked_out)
              return (
                <Text role="status" data-testid="checkout-already">
                  {t('counter.checkoutAlready')}
                </Text>
              );
            const groomer = organization.users.find((user) => user.user_id === item.user_id);
            const store = organization.stores.find((candidate) => candidate.id === storeId);
            const treatments = list.treatments.filter((row) => row.appointment_id === item.id).map((row) => row.name);
            return children({
              appointment: item,
              name: treatments.join(', ') || item.app_name || t('counter.service'),
              vatRateBp: store ? standardVatRateBp(store.country) : null,
              discountKind: 'booked',
              discountValue: '',
              tip: '',
              groomerName: groomer ? `${groomer.first_name} ${groomer.last_name}`.trim() : null,
            });
          }}
        </QueryState>
      )}
    </QueryState>
  );
}
