import { treatmentIdList } from './booking-slot-rows';

describe('booking slot rows', () => {
  it('R3.10 splits the JSON list string of treatment ids into a list', () => {
    expect(treatmentIdList('["a1","b2"]')).toEqual(['a1', 'b2']);
    expect(treatmentIdList('[]')).toEqual([]);
  });

  it('R3.10 reads text that is no list of ids as no list', () => {
    expect(treatmentIdList('not json')).toEqual([]);
    expect(treatmentIdList('{"a":1}')).toEqual([]);
    expect(treatmentIdList('["a1",2,null]')).toEqual(['a1']);
  });
});
