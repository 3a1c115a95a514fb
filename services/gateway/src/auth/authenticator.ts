import { verifyAccessToken } from '@pawline/nest-kit';
import type { AuthContext } from '@pawline/contracts';
import { ApiError } from '../http/api-error';
import type { SessionRevocationStore } from './session-revocation.store';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const deviceIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** Turns a bearer access token into the caller's AuthContext: signature, expiry and revocation. */
export class Authenticator {
  constructor(
    private readonly secret: string,
    private readonly revocations: SessionRevocationStore,
  ) {}

  /** null without a token; throws 401 for a bad, expired or revoked one. */
  async fromAuthorization(header: string | undefined, deviceId: string | undefined): Promise<AuthContext | null> {
    if (header === undefined || header === '') return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError('unauthorized');
    return this.fromToken(match[1], deviceId);
  }

  async fromToken(token: string, deviceId: string | undefined): Promise<AuthContext> {
    const claims = await verifyAccessToken(this.secret, token);
    if (!claims || !uuid.test(claims.sub) || !uuid.test(claims.sid)) throw new ApiError('unauthorized');
    if (await this.revocations.isRevoked(claims)) throw new ApiError('session_expired');
    return {
      userId: claims.sub,
      sessionId: claims.sid,
      deviceId: deviceId !== undefined && deviceIdPattern.test(deviceId) ? deviceId : null,
    };
  }
}
