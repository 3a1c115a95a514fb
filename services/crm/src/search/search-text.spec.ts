import { customerSearchText, customerSortName, searchPattern } from './search-text';

describe('customer search text', () => {
  const anna = { first_name: 'Anna', last_name: 'Müller', email: 'Anna@Example.com', fon: '+39 333 123 4567', fon_2: null };

  it('R3.05 holds names both ways, e-mail, phone digits and pet names, folded', () => {
    const text = customerSearchText(anna, ['Fido', 'Bélla']);
    expect(text).toContain('anna muller');
    expect(text).toContain('muller anna');
    expect(text).toContain('anna@example.com');
    expect(text).toContain('393331234567');
    expect(text).toContain('fido');
    expect(text).toContain('bella');
  });

  it('sorts by last name then first name', () => {
    expect(customerSortName(anna)).toBe('muller anna');
  });

  it('turns a phone-like term into digits and escapes LIKE wildcards', () => {
    expect(searchPattern('+39 333-12')).toBe('%3933312%');
    expect(searchPattern('Müll')).toBe('%mull%');
    expect(searchPattern('50%_x')).toBe('%50\\%\\_x%');
    expect(searchPattern('   ')).toBeNull();
  });
});
