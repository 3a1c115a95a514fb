import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthService } from './health.service';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when Postgres and NATS answer, 503 when degraded (load balancers take it out). */
  @Get()
  async get(@Res() res: Response): Promise<void> {
    const report = await this.health.check();
    res.status(report.status === 'up' ? 200 : 503).json(report);
  }
}
