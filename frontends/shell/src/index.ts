// Async boundary: shared singletons (React, router, Chakra) are negotiated before the app loads.
void import('./bootstrap');
