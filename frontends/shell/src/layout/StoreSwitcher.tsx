import type { Organization, Store } from '@pawline/api-client';
import { NativeSelect } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';

const ORGANIZATION_VALUE = '__organization';

type Props = {
  orga: Organization;
  currentStoreId: string | null;
  /** the stores this user reaches (R6.04); all of the organization's by default */
  stores?: Store[];
  /** where the organization entry leads (its store list, for administrators) */
  orgaHref?: string | null;
};

/** R2.07: shown only when the organization has more than one store; lists the organization and each store. */
export function StoreSwitcher({ orga, currentStoreId, stores = orga.stores, orgaHref = null }: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  if (stores.length <= 1) return null;
  return (
    <NativeSelect.Root size="sm" width="auto" minW="180px">
      <NativeSelect.Field
        aria-label={t('shell.storeSwitcher')}
        data-testid="store-switcher"
        value={currentStoreId ?? ''}
        bg="white"
        color="gray.800"
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (value === ORGANIZATION_VALUE && orgaHref) void navigate(orgaHref);
          else if (value) void navigate(`/${orga.id}/store/${value}`);
        }}
      >
        {currentStoreId ? null : <option value="">{t('shell.storeSwitcherChoose')}</option>}
        {orgaHref ? <option value={ORGANIZATION_VALUE}>{t('shell.storeSwitcherOrganization', { name: orga.name })}</option> : null}
        <optgroup label={orga.name}>
          {stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </optgroup>
      </NativeSelect.Field>
      <NativeSelect.Indicator color="gray.800" />
    </NativeSelect.Root>
  );
}
