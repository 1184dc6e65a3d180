import { Injectable } from '@nestjs/common';

/**
 * The time the maintenance jobs act at. Always the real time in production; tests move it forward
 * (`advance`) to run the deadline and digest jobs as days later, through the real job scheduler.
 */
@Injectable()
export class MaintenanceClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this process's maintenance time by `ms` (tests). */
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
