import { Button } from '../../../components/ui/button.tsx';
import { useOperations, useRetryMail } from '../api/admin-api.ts';
import { ListState, runAction, TableFrame, td, th, When } from './parts.tsx';

/** The outbox and the scheduled jobs: what waits, what failed and why, and a retry for failed mail. */
export function OperationsSection() {
  const operations = useOperations();
  const retry = useRetryMail();
  const data = operations.data;
  return (
    <ListState
      label="mail and jobs"
      isPending={operations.isPending}
      error={operations.error}
      onRetry={() => void operations.refetch()}
      isEmpty={false}
      empty=""
    >
      {data ? (
        <div className="flex flex-col gap-6">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Queued', data.outbox.queued],
              ['Retrying', data.outbox.retrying],
              ['Failed', data.outbox.failed],
              ['Sent in 24 h', data.outbox.sentLastDay],
            ].map(([label, value]) => (
              <div key={label} className="rounded-card border bg-card p-4">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {data.outbox.oldestQueuedAt ? (
            <p className="text-sm text-muted-foreground">
              Oldest queued message: <When iso={data.outbox.oldestQueuedAt} />
            </p>
          ) : null}

          <section aria-labelledby="failed-mail-heading" className="flex flex-col gap-3">
            <h3 id="failed-mail-heading" className="text-lg font-semibold">
              Failed mail
            </h3>
            {data.failedMail.length === 0 ? (
              <p className="rounded-card border border-dashed p-6 text-center text-muted-foreground">
                No failed mail. Everything queued was delivered or is still being tried.
              </p>
            ) : (
              <TableFrame caption="Failed mail">
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      To
                    </th>
                    <th scope="col" className={th}>
                      Kind
                    </th>
                    <th scope="col" className={th}>
                      Queued
                    </th>
                    <th scope="col" className={th}>
                      Error
                    </th>
                    <th scope="col" className={th}>
                      Action
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.failedMail.map((mail) => (
                    <tr key={mail.id}>
                      <th scope="row" className={`${td} font-normal break-all`}>
                        {mail.to}
                      </th>
                      <td data-label="Kind" className={td}>
                        {mail.template}
                      </td>
                      <td data-label="Queued" className={td}>
                        <When iso={mail.createdAt} />
                      </td>
                      <td data-label="Error" className={`${td} max-w-xs break-words text-destructive`}>
                        {mail.lastError ?? '—'} ({mail.attempts} attempts)
                      </td>
                      <td data-label="Action" className={td}>
                        {mail.canRetry ? (
                          <Button
                            aria-label={`Retry mail to ${mail.to}`}
                            size="sm"
                            variant="outline"
                            disabled={retry.isPending}
                            onClick={() =>
                              void runAction(
                                () => retry.mutateAsync(mail.id),
                                `Mail to ${mail.to} queued again.`,
                              )
                            }
                          >
                            Retry
                          </Button>
                        ) : (
                          <span className="text-muted-foreground">Content erased</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )}
          </section>

          <section aria-labelledby="jobs-heading" className="flex flex-col gap-3">
            <h3 id="jobs-heading" className="text-lg font-semibold">
              Jobs
            </h3>
            {data.jobs.length === 0 ? (
              <p className="rounded-card border border-dashed p-6 text-center text-muted-foreground">
                No job has run yet. Jobs run in the server (JOBS=on) or in a worker.
              </p>
            ) : (
              <TableFrame caption="Jobs">
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      Job
                    </th>
                    <th scope="col" className={th}>
                      Last run
                    </th>
                    <th scope="col" className={th}>
                      Last success
                    </th>
                    <th scope="col" className={th}>
                      Last error
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.jobs.map((job) => (
                    <tr key={job.name}>
                      <th scope="row" className={`${td} font-mono text-xs font-normal`}>
                        {job.name}
                      </th>
                      <td data-label="Last run" className={td}>
                        <When iso={job.lastStartedAt} />
                      </td>
                      <td data-label="Last success" className={td}>
                        <When iso={job.lastSucceededAt} />
                      </td>
                      <td data-label="Last error" className={`${td} max-w-xs break-words`}>
                        {job.lastError ? (
                          <span className="text-destructive">
                            {job.lastError} (<When iso={job.lastErrorAt} />)
                          </span>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )}
          </section>
        </div>
      ) : null}
    </ListState>
  );
}
