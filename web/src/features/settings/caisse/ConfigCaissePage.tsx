import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, Tab, Tabs } from '@mui/material';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { campaignsQuery } from '../../menus/queries';
import { defaultCarte } from './caisseModel';
import { CarteState } from './CarteState';
import { CategoryPanel } from './CategoryPanel';
import { KioskPanel } from './KioskPanel';
import { ProductPanel } from './ProductPanel';
import { NO_CARTE, NO_CARTE_TEXT, SUBTITLE, TAB_LABELS, TITLE, type CaisseTab } from './texts';

const TABS = Object.keys(TAB_LABELS) as CaisseTab[];
const isTab = (v: string | null): v is CaisseTab => v !== null && (TABS as string[]).includes(v);

/**
 * 'Configuration Caisse' (/{product}/configcaisse): the kiosk parameters, then the categories and
 * the products of a carte, each on its tab. The tab is in the address (?onglet=…), so a reload or a
 * shared link opens the same one; a tab once opened stays mounted, so switching keeps what was typed.
 */
export function ConfigCaissePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('onglet');
  const tab: CaisseTab = isTab(requested) ? requested : 'generale';
  const [opened, setOpened] = useState<ReadonlySet<CaisseTab>>(() => new Set([tab]));
  const show = (next: CaisseTab) => {
    setOpened((s) => new Set(s).add(next));
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'generale') q.delete('onglet');
        else q.set('onglet', next);
        return q;
      },
      { replace: true },
    );
  };
  const mounted = (t: CaisseTab) => t === tab || opened.has(t);

  return (
    <PageHeader title={TITLE} subtitle={SUBTITLE} breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Bornes & caisses' }, { label: TITLE }]}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab} onChange={(_, v: CaisseTab) => show(v)} variant="scrollable" scrollButtons="auto" aria-label={TITLE}>
          {TABS.map((t) => (
            <Tab key={t} value={t} label={TAB_LABELS[t]} id={`caisse-tab-${t}`} aria-controls={`caisse-panel-${t}`} />
          ))}
        </Tabs>
      </Box>
      <Panel tab="generale" current={tab}>
        {mounted('generale') && <KioskPanel />}
      </Panel>
      <CartesTabs tab={tab} mounted={mounted} />
    </PageHeader>
  );
}

function Panel({ tab, current, children }: { tab: CaisseTab; current: CaisseTab; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`caisse-panel-${tab}`} aria-labelledby={`caisse-tab-${tab}`} hidden={tab !== current}>
      {children}
    </Box>
  );
}

/** The two carte tabs share the carte chosen (the principal one at first). */
function CartesTabs({ tab, mounted }: { tab: CaisseTab; mounted: (t: CaisseTab) => boolean }) {
  const needed = mounted('categories') || mounted('produits');
  const campaigns = useQuery({ ...campaignsQuery(), enabled: needed });
  const [choice, setChoice] = useState<number | null>(null);
  const cartes = campaigns.data ?? [];
  const carteId = cartes.find((c) => c.id === choice)?.id ?? defaultCarte(cartes)?.id ?? null;

  const body = (panel: 'categories' | 'produits') => {
    if (!mounted(panel)) return null;
    return (
      <CarteList query={campaigns} empty={carteId === null}>
        {carteId !== null &&
          (panel === 'categories' ? (
            <CategoryPanel cartes={cartes} carteId={carteId} onCarte={setChoice} />
          ) : (
            <ProductPanel cartes={cartes} carteId={carteId} onCarte={setChoice} />
          ))}
      </CarteList>
    );
  };

  return (
    <>
      <Panel tab="categories" current={tab}>
        {body('categories')}
      </Panel>
      <Panel tab="produits" current={tab}>
        {body('produits')}
      </Panel>
    </>
  );
}

function CarteList({ query, empty, children }: { query: Parameters<typeof CarteState>[0]['query']; empty: boolean; children: ReactNode }) {
  if (query.data !== undefined && empty) {
    return (
      <Card>
        <EmptyState icon={<MenuBookOutlinedIcon />} title={NO_CARTE} message={NO_CARTE_TEXT} minHeight={320} />
      </Card>
    );
  }
  if (query.data !== undefined) return <>{children}</>;
  return (
    <Card>
      <CarteState query={query}>{null}</CarteState>
    </Card>
  );
}
