import * as scheduling from '../scheduling';
import { APPOINTMENT_EVENTS, appointmentCreatedEvent, appointmentDeletedEvent } from '../scheduling';
import { isEvent } from './event';

describe('events', () => {
  it("tells an event of a contract by its subject's end, whatever the deployment's prefix", () => {
    const envelope = { subject: `pawline.${appointmentDeletedEvent.subject}` };
    expect(isEvent(envelope, appointmentDeletedEvent)).toBe(true);
    expect(isEvent(envelope, appointmentCreatedEvent)).toBe(false);
    expect(isEvent(`suite-42.${appointmentCreatedEvent.subject}`, appointmentCreatedEvent)).toBe(true);
    expect(isEvent(appointmentCreatedEvent.subject, appointmentCreatedEvent)).toBe(true);
  });

  it("lists every event of an appointment's life in APPOINTMENT_EVENTS, once", () => {
    const published = Object.values(scheduling as Record<string, unknown>)
      .flatMap((value) =>
        typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'event' && 'subject' in value
          ? [String(value.subject)]
          : [],
      )
      .filter((subject) => subject.startsWith('evt.scheduling.appointment.'));
    const listed = APPOINTMENT_EVENTS.map((contract) => contract.subject);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...published].sort());
  });
});
