import type { MembershipView } from '@letsema/domain';
import { formatRand, formatRandAmount, frequencyLabels, type PaymentFrequency } from '@letsema/domain';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Figure } from '../../components/figure';
import { PlainAlert } from '../../components/plain/plain-alert';
import { PlainButton } from '../../components/plain/plain-button';
import { PlainIcon } from '../../components/plain/plain-icon';
import {
  accountBalanceWalletOutlined,
  emojiEventsOutlined,
  paymentsOutlined,
  rocketLaunchOutlined,
  trendingUp,
  verifiedUserOutlined,
} from '../../components/plain/plain-icons';
import { PlainPaper } from '../../components/plain/plain-paper';
import { PlainProgress, PlainSkeleton } from '../../components/plain/plain-placeholders';
import { PlainRetryAlert } from '../../components/plain/plain-retry-alert';
import { MembershipStatusChip, RegistrationStatusChip } from '../../components/status-chips';
import { getErrorMessage } from '../../lib/api-client';
import { classNames } from '../../lib/class-names';
import { formatAdminDate } from '../../lib/formatters';
import { useCurrentUser } from '../../lib/current-user';
import { formatPercent, getLastInstalmentNote, getPaymentProgress } from '../../lib/investing';
import { USER_LOAD_FAILED, useSignInAgainAfterFailure } from '../../lib/user-load-failure';
import { useShellUser } from '../../shell/shell-context';
import { formatDays, useMyContributions, type ContributionCalendarView } from '../../lib/contributions';
import { useMonthlyHolding, useMyLoansForDashboard, useMyMembership } from './api';
import styles from './dashboard-page.module.css';
import { PositionCard } from './position-card';
import {
  getAccountBanners,
  getMembershipBanners,
  getNextLoanInstalment,
  getWelcomeName,
  type DashboardBanner,
} from './dashboard-rules';

// Only an approved member has figures to chart: the chart's code (and MUI's parts it uses) is fetched
// then, not with the first screen. A failed fetch says so in place of the chart.
const MonthChart = lazy(() =>
  import('../../components/month-chart').then(
    (module) => ({ default: module.MonthChart }),
    () => ({ default: ChartNotLoaded }),
  ),
);

function ChartNotLoaded() {
  return <p className={styles.note}>Your monthly figures could not be loaded. Reload the page to try again.</p>;
}

/**
 * Whether the dashboard was entered before since the app was opened. The first entry comes straight
 * after the guard's load of the account, which counts as the dashboard's own, however slow the phone.
 */
let hasBeenEntered = false;

/**
 * A member's first screen. It is drawn with plain elements and a static style sheet
 * (dashboard-page.module.css), not MUI's parts, so that a slow phone draws it quickly and downloads
 * no MUI; only the chart is MUI's, fetched for a member who has figures to chart.
 */
export function DashboardPage() {
  const user = useShellUser();
  // The account is loaded again on entry, once: the guard's load of this very entry counts. A failure
  // is told, and the member signs in again after 2 seconds (spec section 8).
  const [isFirstEntry] = useState(() => {
    const first = !hasBeenEntered;
    hasBeenEntered = true;
    return first;
  });
  const account = useCurrentUser({ retry: 1, staleTime: isFirstEntry ? Infinity : 0 });
  useSignInAgainAfterFailure(account.isError);
  const membership = useMyMembership();
  const current = membership.data ?? null;
  const isApproved = current?.contributionStatus === 'approved';
  const accountBanners = getAccountBanners(user.registrationStatus);
  const membershipBanners = membership.isSuccess ? getMembershipBanners(user.registrationStatus, current) : [];
  const loans = useMyLoansForDashboard(user.registrationStatus === 'active');
  const nextLoanInstalment = loans.data ? getNextLoanInstalment(loans.data) : null;

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.welcome}>Welcome back, {getWelcomeName(user)}</h1>
        <p className={styles.subtitle}>Here is how your investment is doing.</p>
      </div>

      {account.isError && (
        <PlainAlert severity="error" className={styles.banner}>
          {getErrorMessage(account.error, USER_LOAD_FAILED)}
        </PlainAlert>
      )}

      {membership.isError && (
        <PlainRetryAlert className={styles.retryAbove} onRetry={() => void membership.refetch()}>
          {getErrorMessage(membership.error, 'Failed to load data')}
        </PlainRetryAlert>
      )}

      {accountBanners.map((banner) => (
        <Banner key={banner.key} banner={banner} />
      ))}

      <div className={styles.stats}>
        <StatCard
          label="Total Invested"
          icon={<PlainIcon drawing={accountBalanceWalletOutlined} />}
          iconClass={styles.iconPrimary}
          value={membership.isPending ? null : formatRandAmount(isApproved ? current.totalPaid : 0)}
        />
        <StatCard
          label="Total Profits"
          icon={<PlainIcon drawing={trendingUp} />}
          iconClass={styles.iconGreen}
          value={membership.isPending ? null : formatRandAmount(isApproved ? current.actualReturn : 0)}
        />
        <PlainPaper className={classNames(styles.stat, styles.statWide)}>
          <div className={styles.statRow}>
            <StatIcon icon={<PlainIcon drawing={verifiedUserOutlined} />} iconClass={styles.iconSecondary} />
            <div className={styles.statText}>
              <p className={classNames(styles.statLabel, styles.statLabelSpaced)}>Account Status</p>
              <RegistrationStatusChip status={user.registrationStatus} />
            </div>
          </div>
        </PlainPaper>
      </div>

      <PositionCard />

      {membership.isPending && <PlainSkeleton variant="rounded" height={240} />}
      {membershipBanners.map((banner) => (
        <Banner key={banner.key} banner={banner} />
      ))}
      {membership.isSuccess &&
        (current && current.contributionStatus !== 'rejected' && current.contributionStatus !== 'exited' ? (
          <InvestmentCard membership={current} />
        ) : (
          <StartInvestingCard />
        ))}
      {isApproved && <ContributionsCard />}
      {nextLoanInstalment && (
        <PlainPaper label="Next loan instalment" className={classNames(styles.stat, styles.statWide)}>
          <div className={styles.statText}>
            <p className={styles.statLabel}>Next loan instalment</p>
            <p className={styles.statValue}>{formatRandAmount(nextLoanInstalment.amount)}</p>
            <p>
              Due {formatAdminDate(nextLoanInstalment.dueOn)} on loan {nextLoanInstalment.loanNumber}
            </p>
          </div>
        </PlainPaper>
      )}
      {isApproved && <HoldingChart />}
    </div>
  );
}

/** The next contribution and its date, and what is overdue since when, for each approved membership. */
function ContributionsCard() {
  const contributions = useMyContributions();
  if (contributions.isError) {
    return (
      <PlainRetryAlert className={styles.retryBelow} onRetry={() => void contributions.refetch()}>
        {getErrorMessage(contributions.error, 'Your contribution dates could not be loaded')}
      </PlainRetryAlert>
    );
  }
  if (contributions.isPending) return <PlainSkeleton variant="rounded" height={120} />;
  const { calendars } = contributions.data;
  if (calendars.length === 0) {
    return (
      <PlainPaper label="Next contribution" className={classNames(styles.stat, styles.statWide)}>
        <p className={styles.statLabel}>Next contribution</p>
        <p className={styles.note}>No contribution plan yet: your instalments and their dates appear here.</p>
      </PlainPaper>
    );
  }
  return (
    <>
      {calendars.map((calendar) => (
        <ContributionSummary key={calendar.membershipId} calendar={calendar} />
      ))}
    </>
  );
}

function ContributionSummary({ calendar }: { calendar: ContributionCalendarView }) {
  return (
    <PlainPaper
      label={`Next contribution to ${calendar.poolName}`}
      className={classNames(styles.stat, styles.statWide)}
    >
      <div className={styles.statText}>
        <p className={styles.statLabel}>Next contribution · {calendar.poolName}</p>
        {calendar.next ? (
          <>
            <p className={styles.statValue}>{formatRandAmount(calendar.next.amount)}</p>
            <p>Due {formatAdminDate(calendar.next.dueOn)}</p>
          </>
        ) : calendar.isFullyPaid ? (
          <p>Your commitment is fully paid: nothing more is due.</p>
        ) : (
          <p>No instalment is still to come: only what is overdue below.</p>
        )}
        {calendar.overdue && (
          <PlainAlert severity="error" className={styles.afterFigures}>
            {`${formatRandAmount(calendar.overdue.amount)} is overdue since ${formatAdminDate(calendar.overdue.since)} (${formatDays(calendar.overdue.days)}). Please pay it as soon as you can.`}
          </PlainAlert>
        )}
      </div>
    </PlainPaper>
  );
}

/** About the height the chart's card takes, held while its code comes so that nothing below it jumps. */
const CHART_HEIGHT = 290;

/** The member's capital and returns at each month end, from their statement lines. */
function HoldingChart() {
  const monthly = useMonthlyHolding(true);
  if (monthly.isError) {
    return (
      <PlainRetryAlert className={styles.retryBelow} onRetry={() => void monthly.refetch()}>
        {getErrorMessage(monthly.error, 'Your monthly figures could not be loaded')}
      </PlainRetryAlert>
    );
  }
  if (!monthly.data) return null;
  return (
    <div className={styles.chart}>
      <Suspense fallback={<PlainSkeleton variant="rounded" height={CHART_HEIGHT} />}>
        <MonthChart
          title="Your capital and returns at each month end"
          periods={monthly.data.map((row) => row.period)}
          series={[
            { label: 'Capital', values: monthly.data.map((row) => row.capital), colour: '#0066D6', type: 'bar' },
            { label: 'Returns', values: monthly.data.map((row) => row.returns), colour: '#1F7A35', type: 'line' },
          ]}
        />
      </Suspense>
    </div>
  );
}

function Banner({ banner }: { banner: DashboardBanner }) {
  const action =
    banner.key === 'complete-kyc' ? (
      <PlainButton color="inherit" size="small" to="/complete-registration">
        Continue
      </PlainButton>
    ) : banner.key === 'ready' ? (
      <PlainButton color="inherit" size="small" to="/investments">
        Join the pool
      </PlainButton>
    ) : undefined;
  return (
    <PlainAlert severity={banner.severity} isCentred className={styles.banner} action={action}>
      {banner.text}
    </PlainAlert>
  );
}

function StatIcon({ icon, iconClass }: { icon: ReactNode; iconClass: string | undefined }) {
  return (
    <div aria-hidden className={classNames(styles.statIcon, iconClass)}>
      {icon}
    </div>
  );
}

function StatCard({
  label,
  value,
  icon,
  iconClass,
}: {
  label: string;
  value: string | null;
  icon: ReactNode;
  iconClass: string | undefined;
}) {
  return (
    <PlainPaper label={label} className={styles.stat}>
      <div className={styles.statRow}>
        <StatIcon icon={icon} iconClass={iconClass} />
        <div className={styles.statText}>
          <p className={styles.statLabel}>{label}</p>
          <p className={styles.statValue}>{value ?? <PlainSkeleton width={100} />}</p>
        </div>
      </div>
    </PlainPaper>
  );
}

/** The membership with its payment progress, and the way to pay the next instalment. */
function InvestmentCard({ membership }: { membership: MembershipView }) {
  const progress = getPaymentProgress(membership);
  const isApproved = membership.contributionStatus === 'approved';
  const planLabel = frequencyLabels[membership.installmentPlan as PaymentFrequency] ?? membership.installmentPlan;
  return (
    <PlainPaper label="My investment" className={styles.investment}>
      <div className={styles.investmentHead}>
        <div className={styles.statText}>
          <p className={styles.statLabel}>My investment</p>
          <h2 className={styles.cardTitle}>{membership.pool?.name ?? 'Investment pool'}</h2>
        </div>
        <MembershipStatusChip status={membership.contributionStatus} size="medium" />
      </div>

      <div className={styles.progressBlock}>
        <div className={styles.progressLine}>
          <p className={styles.strong}>
            {formatRandAmount(membership.totalPaid)} paid of {formatRandAmount(membership.totalCommitment)}
          </p>
          <p className={classNames(styles.strong, styles.secondary)}>{formatPercent(progress.percent)}</p>
        </div>
        <PlainProgress
          value={progress.percent}
          isDone={progress.isFullyPaid}
          label={`Payment progress ${formatPercent(progress.percent)}`}
          className={styles.progress}
        />
      </div>

      <div className={styles.figures}>
        <Figure label="Shares" value={membership.numberOfShares} />
        <Figure
          label="Instalment"
          value={`${formatRandAmount(membership.contributionAmount)} ${planLabel}`}
          hint={getLastInstalmentNote(membership)}
        />
        <Figure label="Still to pay" value={formatRand(progress.remainingCents)} />
      </div>

      {progress.isFullyPaid ? (
        <PlainAlert
          severity="success"
          icon={<PlainIcon drawing={emojiEventsOutlined} size="inherit" />}
          className={styles.afterFigures}
        >
          Congratulations! You have fully paid your commitment of {formatRandAmount(membership.totalCommitment)}.
        </PlainAlert>
      ) : isApproved ? (
        <PlainButton
          to="/payments"
          variant="contained"
          startIcon={<PlainIcon drawing={paymentsOutlined} />}
          className={classNames(styles.afterFigures, styles.fullWidthOnPhones)}
        >
          Make Payment
        </PlainButton>
      ) : (
        <p className={classNames(styles.note, styles.afterFigures)}>
          You can make payments once an admin approves your request.
        </p>
      )}
    </PlainPaper>
  );
}

function StartInvestingCard() {
  return (
    // Its own card rather than a white one: the gradient lies on the page's grey.
    <section aria-label="Start investing" className={styles.start}>
      <div aria-hidden className={styles.startIcon}>
        <PlainIcon drawing={rocketLaunchOutlined} />
      </div>
      <div className={styles.startText}>
        <h2 className={styles.cardTitle}>Start investing</h2>
        <p className={styles.subtitle}>
          Buy shares in the cooperative&apos;s pool and pay for them in instalments that suit you.
        </p>
      </div>
      <PlainButton to="/investments" variant="contained" size="large" className={styles.startButton}>
        Start Investing
      </PlainButton>
    </section>
  );
}
