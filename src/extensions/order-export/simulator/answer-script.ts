import type { RecordedDelivery, ScriptedAnswer, TargetSimulatorOptions } from './types.js';

/** Which answer a delivery gets: the per-request script, else the queue, else the default. */
export class AnswerScript {
  private readonly queue: ScriptedAnswer[] = [];

  constructor(
    private respond: TargetSimulatorOptions['respond'],
    private readonly defaultAnswer: ScriptedAnswer = { status: 200 },
  ) {}

  enqueue(answers: ScriptedAnswer[]): void {
    this.queue.push(...answers);
  }

  respondWith(respond: TargetSimulatorOptions['respond']): void {
    this.respond = respond;
  }

  next(delivery: RecordedDelivery): ScriptedAnswer {
    return this.respond?.(delivery) ?? this.queue.shift() ?? this.defaultAnswer;
  }
}

/** The JSON body of an answer: the scripted body, an acknowledgement, or a plain receipt. */
export function answerBody(answer: ScriptedAnswer): unknown {
  if (answer.body !== undefined) return answer.body;
  if (answer.acknowledged) return { acknowledged: true, ...(answer.reference !== undefined ? { reference: answer.reference } : {}) };
  return { received: answer.status >= 200 && answer.status <= 299 };
}
