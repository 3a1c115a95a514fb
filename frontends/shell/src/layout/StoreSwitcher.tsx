import type { Organization } from '@pawline/api-client';
import { NativeSelect } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';

/** R2.07: shown only when the organization has more than one store; lists the organization and each store. */
export function StoreSwitcher({ orga, currentStoreId }: { orga: Organization; currentStoreId: string | null }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  if (orga.stores.length <= 1) return null;
  return (
    <NativeSelect.Root size="sm" width="auto" minW="180px">
      <NativeSelect.Field
        aria-label={t('shell.storeSwitcher')}
        data-testid="store-switcher"
        value={currentStoreId ?? ''}
        bg="white"
        color="gray.800"
        onChange={(event) => {
          const storeId = event.currentTarget.value;
          if (storeId) void navigate(`/${orga.id}/store/${storeId}`);
        }}
      >
        {currentStoreId ? null : <option value="">{t('shell.storeSwitcherChoose')}</option>}
        <optgroup label={orga.name}>
          {orga.stores.map((store) => (
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
