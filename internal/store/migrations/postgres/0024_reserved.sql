-- Reserved for the plan-produit branch (issue 19, PlanProduit), which may
-- bring its own 0024; the brands branch starts at 0025 and migrations must
-- be numbered without gaps. When both branches are merged: delete this file
-- if plan-produit brings a 0024, else renumber 0025_brands to 0024.
SELECT 1;
