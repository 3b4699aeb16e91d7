use sqlx::Row;

use crate::{Database, StoreError};

/// A plan: what a key may do per hour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub code: String,
    pub label: String,
    pub requests_per_hour: i64,
}

impl Database {
    /// Every plan, ordered by its hourly limit.
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn list_plans(&self) -> Result<Vec<Plan>, StoreError> {
        let rows = sqlx::query(
            "SELECT code, label, requests_per_hour FROM plans ORDER BY requests_per_hour, code",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(Plan {
                    code: row.try_get("code")?,
                    label: row.try_get("label")?,
                    requests_per_hour: row.try_get("requests_per_hour")?,
                })
            })
            .collect()
    }

    /// Creates a plan or changes an existing one.
    ///
    /// # Errors
    /// [`StoreError::InvalidPlan`] for an empty code or label or a limit below 1.
    pub async fn set_plan(&self, plan: &Plan) -> Result<(), StoreError> {
        let code_is_valid = !plan.code.is_empty()
            && plan
                .code
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !code_is_valid {
            return Err(StoreError::InvalidPlan(format!(
                "code must be non-empty snake_case (got {:?})",
                plan.code
            )));
        }
        if plan.label.trim().is_empty() {
            return Err(StoreError::InvalidPlan("label must not be empty".into()));
        }
        if plan.requests_per_hour < 1 {
            return Err(StoreError::InvalidPlan(format!(
                "requests per hour must be at least 1 (got {})",
                plan.requests_per_hour
            )));
        }
        sqlx::query(
            "INSERT INTO plans (code, label, requests_per_hour) VALUES ($1, $2, $3) \
             ON CONFLICT (code) DO UPDATE SET label = excluded.label, \
             requests_per_hour = excluded.requests_per_hour",
        )
        .bind(&plan.code)
        .bind(&plan.label)
        .bind(plan.requests_per_hour)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
