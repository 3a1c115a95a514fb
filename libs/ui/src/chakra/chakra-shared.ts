// What the frontends share as '@chakra-ui/react' (frontends/rspack.shared.mjs): only the parts of
// Chakra the app uses, so the singleton every frontend loads is not the whole library (Module
// Federation cannot tree-shake a shared module, since any remote might use any export). Imports
// come from Chakra's per-component entry points, which the share key does not match.
// tools/bench/bundle/shared-facades.spec.ts fails when a file imports from '@chakra-ui/react'
// something missing here. Dialog and Checkbox (most of Chakra's weight: focus trap, dismiss,
// scroll lock, state machines) are shared apart under their own entries, '@chakra-ui/react/dialog'
// and '@chakra-ui/react/checkbox', so the login page, which shows neither, does not load them. The shell alone may take a component only its lazy pages use from its
// own entry ('@chakra-ui/react/accordion'): the shell's build is the one that provides this
// facade, so such a component meets the same Chakra context. A remote's copy would not.
export { Badge } from '@chakra-ui/react/badge';
export { Box } from '@chakra-ui/react/box';
export { Button, CloseButton, IconButton } from '@chakra-ui/react/button';
export { Card } from '@chakra-ui/react/card';
export { Code } from '@chakra-ui/react/code';
export { Field } from '@chakra-ui/react/field';
export { Flex } from '@chakra-ui/react/flex';
export { Grid } from '@chakra-ui/react/grid';
export { Heading } from '@chakra-ui/react/heading';
export { Image } from '@chakra-ui/react/image';
export { Input } from '@chakra-ui/react/input';
export { Link } from '@chakra-ui/react/link';
export { NativeSelect } from '@chakra-ui/react/native-select';
export { Portal } from '@chakra-ui/react/portal';
export { Separator } from '@chakra-ui/react/separator';
export { SimpleGrid } from '@chakra-ui/react/simple-grid';
export { Spinner } from '@chakra-ui/react/spinner';
export { HStack, Stack } from '@chakra-ui/react/stack';
export { Table } from '@chakra-ui/react/table';
export { Text } from '@chakra-ui/react/text';
export { Textarea } from '@chakra-ui/react/textarea';
export { ChakraProvider, createSystem, defineConfig } from '@chakra-ui/react/styled-system';
export { defaultBaseConfig } from '@chakra-ui/react/preset-base';
