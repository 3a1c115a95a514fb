/** The text key of a pet type (spec §3: 0 or 1 dog, 2 cat, 3 rabbit, -1 placeholder). */
export function petTypeKey(petType: number): `clients.petType_${'dog' | 'cat' | 'rabbit' | 'placeholder'}` {
  switch (petType) {
    case 0:
    case 1:
      return 'clients.petType_dog';
    case 2:
      return 'clients.petType_cat';
    case 3:
      return 'clients.petType_rabbit';
    default:
      return 'clients.petType_placeholder';
  }
}
