import { RemoteMount } from '../remotes/RemoteMount';
import { useShellBridge } from '../remotes/useShellBridge';

/**
 * The clients remote (customers, pets, tags) at /{orgaId}/pet and /{orgaId}/store/{storeId}/
 * {customers, customer/{id}, pet, pet/{id}}; it picks its page from the whole path.
 */
export function ClientsRoute() {
  const bridge = useShellBridge();
  if (!bridge) return null;
  return <RemoteMount id="clients/routes" exportName="ClientsRoutes" bridge={bridge} />;
}
