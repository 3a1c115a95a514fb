import { Box, HStack } from '@chakra-ui/react';
import { NavLink } from 'react-router';

export type RemoteTab = { id: string; to: string; label: string };

/**
 * A remote's page tabs (messages, booking) as links under its base path. Whole paths: a relative link inside the
 * shell's splat route would resolve against the splat. The first tab is the base itself and is active only there.
 */
export function RemoteTabs({ tabs, base, label, testId }: { tabs: readonly RemoteTab[]; base: string; label: string; testId: string }) {
  return (
    <HStack as="nav" aria-label={label} gap="1" borderBottomWidth="1px" data-testid={testId} overflowX="auto">
      {tabs.map((tab, index) => (
        <NavLink key={tab.id} to={`${base}${tab.to}`} end={index === 0} data-testid={`tab-${tab.id}`}>
          {({ isActive }) => (
            <Box
              px="3"
              py="2"
              whiteSpace="nowrap"
              fontWeight={isActive ? 'bold' : 'normal'}
              borderBottomWidth="2px"
              borderColor={isActive ? 'brand.500' : 'transparent'}
              aria-current={isActive ? 'page' : undefined}
            >
              {tab.label}
            </Box>
          )}
        </NavLink>
      ))}
    </HStack>
  );
}
