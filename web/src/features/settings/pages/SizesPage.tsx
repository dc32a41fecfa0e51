import { Controller } from 'react-hook-form';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Toggle } from '../../../components/Toggle';
import { SettingsCard } from '../components/SettingsCard';
import { SettingsPage } from '../components/SettingsPage';
import { SIZE_LABEL_MAX, sizesResolver, sizesToForm, sizesToValue, type SizesForm } from '../schemas';
import type { SettingsBody } from '../types';
import { useSettingsEditor } from '../useSettingsEditor';

const SIZE_FIELDS = /^(sizes\.\d+\.(label_size|description)|productSizeLabels\.\d+)$/;

/** 'Mes Tailles': the ten sizes of the franchise's products, and the product_size_n labels of the cartes. */
export function SizesPage() {
  return (
    <SettingsPage
      kind="sizes"
      title="Mes Tailles"
      subtitle="Les dix tailles proposées sur vos produits : leur libellé, leur description et leur affichage."
    >
      {(body, reload) => <SizesEditor body={body} reload={reload} />}
    </SettingsPage>
  );
}

function SizesEditor({ body, reload }: { body: SettingsBody<'sizes'>; reload: () => Promise<SettingsBody<'sizes'>> }) {
  const editor = useSettingsEditor<'sizes', SizesForm>({
    kind: 'sizes',
    body,
    reload,
    resolver: sizesResolver,
    toForm: sizesToForm,
    toValue: sizesToValue,
    fields: SIZE_FIELDS,
  });
  const {
    register,
    control,
    getValues,
    formState: { errors },
  } = editor.form;
  const ro = editor.readOnly;

  return (
    <SettingsCard
      editor={editor}
      title="Tailles"
      description="Le code de chaque taille est fixe ; son libellé est celui que voient vos clients. Le libellé carte est celui enregistré dans les cartes (product_size_1 à 10)."
    >
      <TableContainer>
        <Table size="small" aria-label="Tailles">
          <TableHead>
            <TableRow>
              <TableCell sx={{ pl: 3, width: 56 }}>N°</TableCell>
              <TableCell sx={{ minWidth: 200 }}>Libellé</TableCell>
              <TableCell sx={{ minWidth: 220 }}>Description</TableCell>
              <TableCell sx={{ minWidth: 160 }}>Libellé carte</TableCell>
              <TableCell align="center" sx={{ pr: 3, width: 96 }}>
                Affichée
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {getValues('sizes').map((size, i) => {
              const n = i + 1;
              const rowErrors = errors.sizes?.[i];
              const labelError = errors.productSizeLabels?.[i];
              return (
                <TableRow key={size.id_size}>
                  <TableCell sx={{ pl: 3, color: 'text.secondary' }}>{n}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      fullWidth
                      disabled={ro}
                      placeholder={`Taille ${n}`}
                      error={Boolean(rowErrors?.label_size)}
                      helperText={rowErrors?.label_size?.message}
                      slotProps={{ htmlInput: { 'aria-label': `Libellé de la taille ${n}`, maxLength: SIZE_LABEL_MAX } }}
                      {...register(`sizes.${i}.label_size`)}
                    />
                    <Typography
                      variant="caption"
                      component="div"
                      sx={{ color: 'text.secondary', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', mt: 0.25 }}
                    >
                      {size.name_size}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      fullWidth
                      disabled={ro}
                      placeholder="Aucune description"
                      error={Boolean(rowErrors?.description)}
                      helperText={rowErrors?.description?.message}
                      slotProps={{ htmlInput: { 'aria-label': `Description de la taille ${n}` } }}
                      {...register(`sizes.${i}.description`)}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      fullWidth
                      disabled={ro}
                      placeholder={`taille ${n}`}
                      error={Boolean(labelError)}
                      helperText={labelError?.message}
                      slotProps={{ htmlInput: { 'aria-label': `Libellé carte de la taille ${n} (product_size_${n})` } }}
                      {...register(`productSizeLabels.${i}`)}
                    />
                  </TableCell>
                  <TableCell align="center" sx={{ pr: 3 }}>
                    <Controller
                      name={`sizes.${i}.size_displayed`}
                      control={control}
                      render={({ field }) => (
                        <Box sx={{ display: 'inline-flex' }}>
                          <Toggle label={`Taille ${n} affichée`} checked={field.value} disabled={ro} onChange={field.onChange} />
                        </Box>
                      )}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </SettingsCard>
  );
}
