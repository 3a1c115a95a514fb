import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { EmptyState } from '@pawline/ui';
import { Link } from 'react-router';
import type { PetListItem } from '../api/crm-api';
import { petTypeKey } from '../pets/pet-labels';
import type { ClientsContext } from '../shared/clients-context';
import { sortAssigned, tagSymbol } from '../tags/tag-icons';

/** The customer's pets with their type, breed and tags, and "Add pet" (a new pet of this customer). */
export function CustomerPetsCard({
  ctx,
  base,
  customerId,
  pets,
}: {
  ctx: ClientsContext;
  base: string;
  customerId: string;
  pets: readonly PetListItem[];
}) {
  const { t } = ctx;
  return (
    <Card.Root data-testid="customer-pets">
      <Card.Header>
        <HStack justify="space-between">
          <Heading size="md">{t('clients.pets')}</Heading>
          <Button asChild size="sm" colorPalette="brand">
            <Link to={`${base}/pet/new?customer=${customerId}`} data-testid="add-pet">
              {t('clients.addPet')}
            </Link>
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        {pets.length === 0 ? <EmptyState title={t('clients.noPets')} /> : null}
        <Stack gap="2">
          {pets.map((pet) => (
            <HStack key={pet.id} gap="3" wrap="wrap" data-testid="customer-pet">
              <Link to={`${base}/pet/${pet.id}`}>
                <Text as="span" color="brand.600" fontWeight="medium">
                  {pet.name}
                </Text>
              </Link>
              <Text color="fg.muted">{[t(petTypeKey(pet.pet_type)), pet.breed].filter(Boolean).join(' · ')}</Text>
              {sortAssigned(pet.tags).map((tag) => (
                <Badge key={tag.tag_id}>{`${tagSymbol(tag)} ${tag.name}`.trim()}</Badge>
              ))}
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
