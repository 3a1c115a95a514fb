export * from './theme/pawline-system';
export * from './snackbar/snackbar-store';
export * from './snackbar/SnackbarStack';
export * from './states/ViewStates';
export * from './form/FormField';
export * from './error-page/error-page-text';
export * from './error-page/ErrorPage';
export * from './confirm-leave/useConfirmLeave';
