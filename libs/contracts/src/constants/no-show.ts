// Issue 30 the choices of a store's no-show policy (libs/contracts/src/booking/no-show-policy.rpc.ts).

/** What a customer is asked for when booking online: nothing, a deposit, or a card kept on file for the fees. */
export const NO_SHOW_PROTECTIONS = ['none', 'deposit', 'card_hold'] as const;
export type NoShowProtection = (typeof NO_SHOW_PROTECTIONS)[number];
export const DEPOSIT_KINDS = ['fixed', 'percent'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];
/** Who must pay the deposit or give the card: everyone, customers with no kept visit yet, or risky ones (ADR 0060). */
export const CARD_REQUIRED_FOR = ['everyone', 'new_customers', 'risky_customers'] as const;
export type CardRequiredFor = (typeof CARD_REQUIRED_FOR)[number];
/** The most no-shows after which a salon may close online booking to a customer. */
export const CLOSE_AFTER_NO_SHOWS_MAX = 20;
/** A customer's deposit setting on their page: decided by the risk rule, always asked, or never asked. */
export const DEPOSIT_OVERRIDES = ['automatic', 'always', 'never'] as const;
export type DepositOverride = (typeof DEPOSIT_OVERRIDES)[number];
/** Issue 30 a customer's no-show risk (noShowRiskOf of libs/domain, ADR 0060). */
export const RISK_LEVELS = ['none', 'watch', 'risky'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
