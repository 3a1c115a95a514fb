// spec §9 / R9.11: the version the app shows (one constant for every frontend, libs/domain).
export { APP_VERSION } from '@pawline/domain';
